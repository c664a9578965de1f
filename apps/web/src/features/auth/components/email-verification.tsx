import type { VerifyEmailResponse } from '@coincard/shared';
import { Anchor, Button, List, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { IconCircleCheck } from '../../../icons/IconCircleCheck';
import { IconLinkOff } from '../../../icons/IconLinkOff';
import { IconUserExclamation } from '../../../icons/IconUserExclamation';
import { currentUserQueryKey } from '../../../lib/current-user-key';
import { resetReferralModalFlag } from '../../../lib/referral-modal-flag';
import { useLogout } from '../../../lib/use-logout';
import { useVerifyEmailQuery } from '../api/verify-email';

type EmailVerificationProps = { code: string };

/** Verifies the e-mail link once, then offers the way into the dashboard (with the referral outcome). */
export function EmailVerification({ code }: EmailVerificationProps) {
  const query = useVerifyEmailQuery(code);
  if (query.isPending) {
    return (
      <Stack align="center" gap="sm" py="lg" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Title order={1} size="h3">
          Verifying your email
        </Title>
        <Text size="sm" c="dimmed">
          This takes a moment.
        </Text>
      </Stack>
    );
  }
  if (query.isError) return <VerificationFailed />;
  if (query.data.otherAccountEmail) {
    return <VerifiedWhileSignedInElsewhere otherEmail={query.data.otherAccountEmail} />;
  }
  if (!query.data.signedIn) return <VerifiedSignInToContinue />;
  return <VerificationSucceeded response={query.data} />;
}

/**
 * The link was opened in a browser signed in to another account. That account stays signed in: a link someone sent
 * must never swap the session under its owner (their top-ups would credit the sender). The page says which account
 * is signed in, and offers the way to the verified one.
 */
function VerifiedWhileSignedInElsewhere({ otherEmail }: { otherEmail: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Stack gap="md">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="yellow" aria-hidden>
          <IconUserExclamation size={30} />
        </ThemeIcon>
        <Title order={1} size="h3">
          Email verified, but you are signed in to another account
        </Title>
        <Text size="sm" c="dimmed">
          This browser is signed in as{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {otherEmail}
          </Text>
          , and it stays signed in as that account. We did not switch you to the account you just verified.
        </Text>
      </Stack>
      <Text size="sm">
        If the verified account is yours, sign out, then sign in with its address and password. If you did not expect
        this link, someone may have sent you their own: stay signed in as {otherEmail} and ignore it.
      </Text>
      <Stack gap="xs">
        <Button
          size="md"
          fullWidth
          onClick={() => {
            void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
            navigate('/dashboard', { replace: true });
          }}
        >
          Continue as {otherEmail}
        </Button>
        <Button size="md" fullWidth variant="default" onClick={() => void logout()}>
          Sign out
        </Button>
      </Stack>
    </Stack>
  );
}

/** Verified, and nobody was signed in by it (the link was not opened from this app's page): sign in to go on. */
function VerifiedSignInToContinue() {
  return (
    <Stack gap="md">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden>
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Title order={1} size="h3">
          Email Successfully Verified
        </Title>
        <Text size="sm" c="dimmed">
          Your CoinCard account is active. Sign in with your e-mail and password to continue.
        </Text>
      </Stack>
      <Button component={Link} to="/login" size="md" fullWidth>
        Sign in
      </Button>
    </Stack>
  );
}

function VerificationSucceeded({ response }: { response: VerifyEmailResponse }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const continueToDashboard = () => {
    resetReferralModalFlag();
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    navigate('/dashboard', { replace: true, state: { referral: response.referral } });
  };

  return (
    <Stack gap="md">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden>
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Title order={1} size="h3">
          Email Successfully Verified
        </Title>
        <Text size="sm" c="dimmed">
          Your CoinCard account is active and you are signed in
          {response.email ? (
            <>
              {' '}
              as{' '}
              <Text span fw={600} c="var(--mantine-color-text)">
                {response.email}
              </Text>
            </>
          ) : null}
          .
        </Text>
      </Stack>
      <Stack gap={6}>
        <Title order={2} size="h5">
          What&apos;s next
        </Title>
        <List type="ordered" size="sm" spacing={6}>
          <List.Item>Add money to your balance with one of 15+ cryptocurrencies.</List.Item>
          <List.Item>Create a virtual USD card and give it a label and a 3DS code.</List.Item>
          <List.Item>Spend online anywhere Mastercard is accepted, and invite friends to earn rewards.</List.Item>
        </List>
      </Stack>
      <Button size="md" fullWidth onClick={continueToDashboard}>
        Continue to Dashboard
      </Button>
    </Stack>
  );
}

function VerificationFailed() {
  return (
    <Stack gap="md" role="alert">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden>
          <IconLinkOff size={30} />
        </ThemeIcon>
        <Title order={1} size="h3">
          Invalid Verification Link
        </Title>
        <Text size="sm" c="dimmed">
          We could not verify your e-mail with this link. This can happen when:
        </Text>
      </Stack>
      <List size="sm" spacing={6}>
        <List.Item>the link was already used,</List.Item>
        <List.Item>the link has expired (links are valid for 24 hours), or</List.Item>
        <List.Item>the verification code in the link is incorrect.</List.Item>
      </List>
      <Text size="sm">
        <Anchor component={Link} to="/password/forgot" underline="always">
          Request a new link
        </Anchor>
        , or{' '}
        <Anchor component={Link} to="/login" underline="always">
          sign in
        </Anchor>{' '}
        and we will e-mail you a fresh verification link if your address is not verified yet.
      </Text>
    </Stack>
  );
}
