import { Table } from '@mantine/core';
import { legalFigures as f } from '../content/legal-figures';

const rows: readonly [string, string][] = [
  ['Account, balance and top-ups', 'Free; the payment provider or your wallet may charge network fees'],
  ['Top-up amount', `${f.depositMin} to ${f.depositMax} per top-up`],
  ['Creating a card', `${f.creationFee}, once, including the first month`],
  ['Keeping a card', `${f.monthlyFee} a month from the second month`],
  ['Loading a card', `${f.loadFee} of the amount loaded (loading ${f.exampleLoad} costs ${f.exampleLoadFee})`],
  ['Unloading a card', 'Free'],
  ['Cards per account', `Up to ${f.maxCards}`],
  ['Loads per card', `At least ${f.minLoad} each, up to ${f.monthlyLimit} a calendar month (UTC)`],
  [
    'Unloads per card',
    `At least ${f.minUnload} each, one every ${f.unloadCooldownMinutes} minutes; ${f.cardMinRemaining} stays on the card`,
  ],
  ['Referral earnings', `Withdrawable to your balance from ${f.referralPayoutMilestone}`],
];

/** The fees and limits the API applies, as one table (docs/product-rules.md, Fees and limits). */
export function FeesTable() {
  return (
    <Table withTableBorder withColumnBorders verticalSpacing="xs" fz="sm" mb="md" layout="fixed">
      <Table.Caption>All amounts in US dollars. Every fee is shown before you confirm.</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w="38%">
            What
          </Table.Th>
          <Table.Th scope="col">Fee or limit</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([what, amount]) => (
          <Table.Tr key={what}>
            <Table.Th scope="row" fw={500}>
              {what}
            </Table.Th>
            <Table.Td>{amount}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
