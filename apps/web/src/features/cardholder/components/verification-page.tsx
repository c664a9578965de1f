import { Paper, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/notify';
import { useRestrictedCountries } from '../../../lib/restricted-countries';
import { useCardholderQuery } from '../api/get-cardholder';
import { useSubmitCardholderMutation } from '../api/submit-cardholder';
import { IdentityForm } from './identity-form';
import { IdentityReview } from './identity-review';
import { type IdentityValues, toSubmission, valuesFromDetails } from './identity-values';
import { VerificationStatus } from './verification-status';

type Step = 'status' | 'form' | 'review';

const STEP_LABELS = ['Your details', 'Review', 'Decision'] as const;

/** Where the person is: the three steps side by side, or one line on a phone, where three would not fit. */
function Steps({ active }: { active: number }) {
  const isNarrow = useMediaQuery('(max-width: 48em)');
  if (isNarrow) {
    return (
      <Text size="sm" c="dimmed" fw={600}>
        Step {active + 1} of {STEP_LABELS.length}: {STEP_LABELS[active]}
      </Text>
    );
  }
  return (
    <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label="Steps">
      {STEP_LABELS.map((label) => (
        <Stepper.Step key={label} label={label} />
      ))}
    </Stepper>
  );
}

function PageSkeleton() {
  return (
    <Paper withBorder radius="lg" p="xl" aria-hidden>
      <Stack gap="md">
        <Skeleton h={24} w={260} />
        <Skeleton h={14} w="90%" />
        <Skeleton h={14} w="70%" />
        <Skeleton h={36} w={180} />
      </Stack>
    </Paper>
  );
}

/**
 * /verify: the identity check before the first card (docs/decisions/029-cardholder-verification.md). The form, a
 * review, then the status the card issuer's decision sets: checking, verified, refused with its reason and what to
 * do, or asked for more. What was typed stays in this page's memory only, so a refusal can be fixed without typing
 * everything again; it is never stored in the browser.
 */
export function VerificationPage() {
  const verification = useCardholderQuery();
  const restricted = useRestrictedCountries();
  const submit = useSubmitCardholderMutation();
  const [step, setStep] = useState<Step>('status');
  const [draft, setDraft] = useState<IdentityValues | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string> | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  let body: ReactNode;
  if (verification.isPending) {
    body = <PageSkeleton />;
  } else if (verification.isError) {
    body = (
      <Paper withBorder radius="lg">
        <ErrorState
          headingLevel={2}
          title="Your identity check could not be loaded"
          onRetry={() => void verification.refetch()}
        />
      </Paper>
    );
  } else {
    const current = verification.data;
    const canSend =
      (current.status === 'not_started' ||
        current.status === 'rejected' ||
        current.status === 'needs_more_information') &&
      current.attemptsLeft > 0;
    const showForm = canSend && (step === 'form' || (step === 'status' && current.status === 'not_started'));
    const showReview = canSend && step === 'review' && draft !== null;

    const send = (values: IdentityValues) => {
      setSendError(null);
      submit.mutate(toSubmission(values), {
        onSuccess: () => {
          setStep('status');
          setServerErrors(null);
        },
        onError: (error) => {
          if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) {
            setServerErrors({ ...error.fields });
            setStep('form');
            return;
          }
          if (isApiError(error) && error.status === 409) {
            setStep('status');
            return;
          }
          setSendError(errorMessage(error, 'Your details could not be sent. Please try again.'));
        },
      });
    };

    const active = showReview ? 1 : showForm ? 0 : 2;
    body = (
      <Stack gap="lg">
        {showForm || showReview ? <Steps active={active} /> : null}
        {showReview && draft ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <IdentityReview
              values={draft}
              onEdit={() => setStep('form')}
              onSend={() => send(draft)}
              isSending={submit.isPending}
              error={sendError}
            />
          </Paper>
        ) : showForm ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <IdentityForm
              initialValues={draft ?? valuesFromDetails(current.details)}
              restricted={restricted.data?.countries ?? []}
              serverErrors={serverErrors}
              onReview={(values) => {
                setDraft(values);
                setServerErrors(null);
                setSendError(null);
                setStep('review');
              }}
              onCancel={current.status === 'not_started' ? undefined : () => setStep('status')}
            />
          </Paper>
        ) : (
          <VerificationStatus verification={current} onResubmit={() => setStep('form')} />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={860} aria-busy={verification.isPending}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Verify your identity
        </Title>
        <Text c="dimmed" size="sm" maw={680}>
          Before your first card, our card issuer must know who you are, as the law asks of anyone who issues cards. It
          takes two minutes: your legal name, date of birth, home address, phone and an identity document.
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}
