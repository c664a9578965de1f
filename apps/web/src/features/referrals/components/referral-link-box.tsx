import { COPY_CONFIRMATION_MS, formatCents, REFERRAL_LINK_MIN_BALANCE_CENTS } from '@coincard/shared';
import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';

type ReferralLinkBoxProps = { userId: string; balanceCents: number };

/** The personal referral link `{origin}/signup?ref={userId}`, copyable once the balance reaches $50. */
export function ReferralLinkBox({ userId, balanceCents }: ReferralLinkBoxProps) {
  const link = `${window.location.origin}/signup?ref=${encodeURIComponent(userId)}`;
  const isActive = balanceCents >= REFERRAL_LINK_MIN_BALANCE_CENTS;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="referral-link-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="referral-link-title">
          Your referral link
        </Title>
        {!isActive ? (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
            Your referral link becomes active when your balance reaches {formatCents(REFERRAL_LINK_MIN_BALANCE_CENTS)}.
            Your balance is {formatCents(balanceCents)}.
          </Alert>
        ) : null}
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            label="Referral link"
            value={link}
            readOnly
            style={{ flex: 1 }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={link} timeout={COPY_CONFIRMATION_MS}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                <Button
                  onClick={copy}
                  disabled={!isActive}
                  color={copied ? 'green' : undefined}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="dimmed">
          Share it with people you know. Please do not spam: referrals from spam are not rewarded.
        </Text>
      </Stack>
    </Paper>
  );
}
