import { OTP_TTL_MS, PASSWORD_RESET_TTL_MS, REFRESH_TOKEN_TTL_MS, VERIFICATION_TTL_MS } from '@coincard/shared';
import { Table } from '@mantine/core';
import { formatDuration } from '../content/legal-figures';

/** Retention periods (docs/decisions/024): the ones the code enforces come from its constants. */
const ROWS: readonly [string, string][] = [
  [
    'E-mail address, password hash and security settings',
    'While your account is open; deleted within 30 days of closing it',
  ],
  [
    'Top-ups, ledger entries, cards and referral rewards',
    '5 years after your account is closed, as financial record-keeping law requires',
  ],
  [
    'Identity details for verification (date of birth, address, phone, document number)',
    'Encrypted until the card issuer has them (moments), then deleted from our side; the issuer keeps them',
  ],
  [
    'Verification summary (name, year of birth, countries, document type and last 4 characters, decision)',
    'As long as the cards it allows, with the financial records',
  ],
  ['Security log (sign-ins, IP addresses, user agents, card reveals)', '5 years after the event, then deleted'],
  ['Sessions', `Until you sign out; ${formatDuration(REFRESH_TOKEN_TTL_MS)} after signing in at the most`],
  [
    'Sign-in codes and e-mail links',
    `Codes ${formatDuration(OTP_TTL_MS)}, verification links ${formatDuration(VERIFICATION_TTL_MS)}, reset links ${formatDuration(PASSWORD_RESET_TTL_MS)}; each works once`,
  ],
  ['Counts of failed attempts', 'Start again 24 hours after the last failure'],
  ['Messages to support', '2 years after the conversation ends'],
];

export function RetentionTable() {
  return (
    <Table withTableBorder withColumnBorders verticalSpacing="xs" fz="sm" mb="md" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w="45%">
            Data
          </Table.Th>
          <Table.Th scope="col">Kept for</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ROWS.map(([data, period]) => (
          <Table.Tr key={data}>
            <Table.Th scope="row" fw={500}>
              {data}
            </Table.Th>
            <Table.Td>{period}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
