import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthFooter, TermsNotice } from './auth-notices';
import { GuestShell } from './guest-shell';
import { LoginForm, type TwoFactorChallenge } from './login-form';
import { SignupForm } from './signup-form';
import { TwoFactorForm } from './two-factor-form';

export type AuthTab = 'login' | 'signup';

type AuthScreenProps = { tab: AuthTab };

/**
 * Login and Sign Up as two tabs of one screen; each tab is its own route and keeps the query string.
 * When the account has two-factor on, the code step replaces the tabs.
 */
export function AuthScreen({ tab }: AuthScreenProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  if (challenge && tab === 'login') {
    return (
      <GuestShell footer={<AuthFooter />}>
        <TwoFactorForm
          userId={challenge.userId}
          email={challenge.email}
          methods={challenge.methods}
          onBack={() => setChallenge(null)}
        />
      </GuestShell>
    );
  }

  return (
    <GuestShell footer={<AuthFooter />}>
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Title order={1} size="h2">
            {tab === 'login' ? 'Welcome back' : 'Create your account'}
          </Title>
          <Text size="sm" c="dimmed">
            {tab === 'login' ? 'Sign in to manage your balance and cards.' : 'Fund virtual USD cards with crypto.'}
          </Text>
        </Stack>
        <Tabs
          value={tab}
          onChange={(next) => {
            if (next && next !== tab) navigate({ pathname: `/${next}`, search });
          }}
          variant="pills"
          radius="md"
        >
          <Tabs.List grow>
            <Tabs.Tab value="login">Login</Tabs.Tab>
            <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="login" pt="lg">
            {tab === 'login' ? <LoginForm onTwoFactorRequired={setChallenge} /> : null}
          </Tabs.Panel>
          <Tabs.Panel value="signup" pt="lg">
            {tab === 'signup' ? <SignupForm /> : null}
          </Tabs.Panel>
        </Tabs>
        <TermsNotice />
      </Stack>
    </GuestShell>
  );
}
