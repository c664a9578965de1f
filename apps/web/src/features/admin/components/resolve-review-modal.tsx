import { REVIEW_NOTE_MAX_LENGTH, type Review } from '@coincard/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/notify';
import { useResolveReviewMutation } from '../api/resolve-review';
import { REVIEW_KIND_LABELS } from './review-facts';

function noteProblem(note: string): string | null {
  if (!note.trim()) return 'Write a note saying what you decided.';
  if (note.trim().length > REVIEW_NOTE_MAX_LENGTH)
    return `The note must be at most ${REVIEW_NOTE_MAX_LENGTH} characters.`;
  return null;
}

function ResolveReviewForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [isTouched, setTouched] = useState(false);
  const resolve = useResolveReviewMutation();
  const problem = noteProblem(note);
  const shownProblem = isTouched ? problem : null;
  const serverProblem = resolve.isError ? errorMessage(resolve.error, 'The review could not be resolved.') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || resolve.isPending) return;
    resolve.mutate({ reviewId: review._id, note: note.trim() }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {REVIEW_KIND_LABELS[review.kind]}
            {review.user ? ` · ${review.user.email}` : ''}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {review.reason}
          </Text>
        </Stack>
        <Textarea
          label="Note"
          description={`What you decided and why (${note.trim().length} / ${REVIEW_NOTE_MAX_LENGTH}). It is kept with the review and in the audit log.`}
          placeholder="Refunded the payer at the provider; nothing to credit."
          autosize
          minRows={3}
          maxRows={8}
          required
          value={note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            resolve.reset();
          }}
          onBlur={() => setTouched(true)}
          error={shownProblem}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          Resolving records your decision. It moves no money: a refund or a manual credit is done on its own.
        </Text>
        {serverProblem ? (
          <Alert color="red" variant="light" role="alert">
            {serverProblem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={resolve.isPending}>
            Resolve
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ResolveReviewModalProps = { review: Review | null; onClose: () => void };

/** Resolve a review: a required note (1–1000 characters) saying what the person decided. */
export function ResolveReviewModal({ review, onClose }: ResolveReviewModalProps) {
  return (
    <Modal opened={review !== null} onClose={onClose} title="Resolve this review" centered radius="lg">
      {review ? <ResolveReviewForm key={review._id} review={review} onDone={onClose} /> : null}
    </Modal>
  );
}
