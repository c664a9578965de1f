import { type CardSecrets, COPY_CONFIRMATION_MS } from '@coincard/shared';
import {
  ActionIcon,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { groupCardNumber } from '../../../components/card-visual';
import { IconCheck } from '../../../icons/IconCheck';
import { IconCopy } from '../../../icons/IconCopy';

const mono = { fontVariantNumeric: 'tabular-nums', letterSpacing: '0.04em' } as const;

function SecretField({ label, value, copyValue }: { label: string; value: string; copyValue: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Text ff="monospace" fw={600} style={mono}>
          {value}
        </Text>
        <CopyButton value={copyValue} timeout={COPY_CONFIRMATION_MS}>
          {({ copied, copy }) => (
            <>
              <Tooltip
                label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
                withArrow
                events={{ hover: true, focus: true, touch: true }}
              >
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'green' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
              {/* Said aloud too: a tooltip alone is not announced. */}
              <VisuallyHidden role="status">{copied ? `${label} copied` : ''}</VisuallyHidden>
            </>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** The revealed number (grouped in fours), expiry and CVV, each with a copy button ("Copied" for 2 s). */
export function CardSecretsPanel({ secrets }: { secrets: CardSecrets | null }) {
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Card details" component="section">
      {secrets ? (
        <Stack gap="sm">
          <SecretField
            label="Card number"
            value={groupCardNumber(secrets.cardNumber)}
            copyValue={secrets.cardNumber.replace(/\D/g, '')}
          />
          <SimpleGrid cols={2} spacing="sm">
            <SecretField label="Expiry" value={secrets.expiry} copyValue={secrets.expiry} />
            <SecretField label="CVV" value={secrets.cvv} copyValue={secrets.cvv} />
          </SimpleGrid>
        </Stack>
      ) : (
        <Stack gap="sm" role="status" aria-label="Loading card details">
          <Skeleton h={34} w="80%" />
          <SimpleGrid cols={2} spacing="sm">
            <Skeleton h={34} />
            <Skeleton h={34} />
          </SimpleGrid>
        </Stack>
      )}
    </Paper>
  );
}
