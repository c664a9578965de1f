import { COPY_CONFIRMATION_MS, formatCents, REFERRAL_LINK_MIN_BALANCE_CENTS } from '@coincard/shared';
import { Alert, Box, Button, Group, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useEffect, useId } from 'react';
import { IconCheck } from '../../../icons/IconCheck';
import { IconCopy } from '../../../icons/IconCopy';
import { IconLock } from '../../../icons/IconLock';
import { IconMessageOff } from '../../../icons/IconMessageOff';
import classes from './referral-link-box.module.css';

type ReferralLinkBoxProps = { userId: string; balanceCents: number };

/** The personal link (docs/referrals.md): the code is the user id. */
export function referralLinkFor(userId: string, origin = window.location.origin): string {
  return `${origin}/signup?ref=${encodeURIComponent(userId)}`;
}

/** Stands in for the code while the link is inactive: the real one is not in the page to be copied by hand. */
const HIDDEN_CODE = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

/**
 * The link `{origin}/signup?ref={userId}` with Copy (Copied for 2 s). Below a $50 balance the link is inactive: the
 * code is blurred stand-in text, Copy is disabled and the line under it says why.
 */
export function ReferralLinkBox({ userId, balanceCents }: ReferralLinkBoxProps) {
  const titleId = useId();
  const noticeId = useId();
  const clipboard = useClipboard({ timeout: COPY_CONFIRMATION_MS });
  const isActive = balanceCents >= REFERRAL_LINK_MIN_BALANCE_CENTS;
  // Not even built while inactive, so nothing can leak it into the page.
  const link = isActive ? referralLinkFor(userId) : null;

  useEffect(() => {
    // A failed copy is only logged (docs/product-rules.md, Messages); the link stays on screen to select by hand.
    if (clipboard.error) console.warn('Copying the referral link failed', clipboard.error);
  }, [clipboard.error]);

  const copyButton = (
    <Button
      onClick={() => {
        if (link) clipboard.copy(link);
      }}
      disabled={!isActive}
      aria-describedby={isActive ? undefined : noticeId}
      // Light green, not filled: white on Mantine's filled green is under 4.5:1.
      color={clipboard.copied ? 'green' : undefined}
      variant={clipboard.copied ? 'light' : 'filled'}
      leftSection={clipboard.copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
      className={classes.copy}
    >
      {clipboard.copied ? 'Copied' : 'Copy'}
    </Button>
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Your referral link
        </Title>
        {link ? (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Referral link"
              value={link}
              readOnly
              className={classes.field}
              onFocus={(event) => event.currentTarget.select()}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            {copyButton}
          </Group>
        ) : (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Stack gap={4} className={classes.field}>
              <Text size="sm" fw={500} aria-hidden>
                Referral link
              </Text>
              <Box className={classes.locked}>
                <IconLock size={16} aria-hidden className={classes.lockIcon} />
                <span aria-hidden className={classes.lockedText}>
                  {window.location.origin}/signup?ref=<span className={classes.blurred}>{HIDDEN_CODE}</span>
                </span>
                <VisuallyHidden>Your referral link is hidden until it is active.</VisuallyHidden>
              </Box>
            </Stack>
            {copyButton}
          </Group>
        )}
        <VisuallyHidden role="status">{clipboard.copied ? 'Referral link copied' : ''}</VisuallyHidden>
        {isActive ? null : (
          <Text id={noticeId} size="sm" c="dimmed">
            Copy turns on when your balance reaches {formatCents(REFERRAL_LINK_MIN_BALANCE_CENTS)}. Your balance is{' '}
            {formatCents(balanceCents)}.
          </Text>
        )}
        <Alert
          variant="light"
          color="gray"
          radius="md"
          icon={<IconMessageOff size={18} aria-hidden />}
          title="Please don't spam"
        >
          Share your link only with people who know you. Posting it in bulk messages, comments or groups of strangers is
          not allowed, and rewards from such sign-ups may be withheld.
        </Alert>
      </Stack>
    </Paper>
  );
}
