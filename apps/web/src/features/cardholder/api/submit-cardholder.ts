import { type CardholderSubmissionInput, cardholderVerificationSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cardholderQueryKey } from './get-cardholder';

export function submitCardholder(body: CardholderSubmissionInput) {
  return api.post('/cardholder', body, import.meta.env.DEV && cardholderVerificationSchema);
}

/** Sends the identity to verify; the answer (pending) becomes the shown status at once. */
export function useSubmitCardholderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCardholder,
    onSuccess: (verification) => queryClient.setQueryData(cardholderQueryKey, verification),
    // A 409 means the status changed under the form (submitted from another tab): show what it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: cardholderQueryKey }),
  });
}
