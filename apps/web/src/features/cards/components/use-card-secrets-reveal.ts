import { CARD_SECRETS_VISIBLE_MS, type CardSecrets } from '@coincard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { needsStepUp } from '../../step-up/api/step-up';
import { cardSecretsQueryKey, useCardSecretsQuery } from '../api/get-card-secrets';

export type CardSecretsReveal = {
  isRevealed: boolean;
  secrets: CardSecrets | null;
  isLoading: boolean;
  /** When the details hide themselves again (ISO), while revealed. */
  hidesAt: string | null;
  reveal: () => void;
  hide: () => void;
  /** The API asked for a step-up before showing them: the card page asks the person to confirm it is them. */
  isAskingStepUp: boolean;
  /** The person confirmed: reveal now. */
  stepUpConfirmed: () => void;
  stepUpCancelled: () => void;
};

/**
 * Show CVV / Hide: the full number, expiry and CVV are fetched only on request, hidden again after
 * CARD_SECRETS_VISIBLE_MS or when the page is left, and removed from the query cache whenever they are hidden.
 */
export function useCardSecretsReveal(cardId: string): CardSecretsReveal {
  const queryClient = useQueryClient();
  const [revealedAt, setRevealedAt] = useState<number | null>(null);
  const [isAskingStepUp, setAskingStepUp] = useState(false);
  const isRevealed = revealedAt !== null;
  const query = useCardSecretsQuery(cardId, isRevealed);

  const hide = useCallback(() => {
    setRevealedAt(null);
    queryClient.removeQueries({ queryKey: cardSecretsQueryKey(cardId) });
  }, [cardId, queryClient]);

  useEffect(() => {
    if (!isRevealed) return;
    const timer = window.setTimeout(hide, CARD_SECRETS_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [isRevealed, hide]);

  // Leaving the page (or switching to another card) hides them.
  useEffect(() => hide, [hide]);

  // A reveal that needs a step-up first asks for it; any other refusal (e.g. 429 after too many) is told in a toast.
  // Either way the details stay hidden.
  const { isError, error } = query;
  useEffect(() => {
    if (!isError) return;
    if (needsStepUp(error)) setAskingStepUp(true);
    else notifyError(error, 'The card details could not be shown. Please try again.');
    hide();
  }, [isError, error, hide]);

  return {
    isRevealed,
    secrets: isRevealed ? (query.data ?? null) : null,
    isLoading: isRevealed && query.isPending,
    hidesAt: revealedAt === null ? null : new Date(revealedAt + CARD_SECRETS_VISIBLE_MS).toISOString(),
    reveal: () => setRevealedAt(Date.now()),
    hide,
    isAskingStepUp,
    stepUpConfirmed: () => {
      setAskingStepUp(false);
      setRevealedAt(Date.now());
    },
    stepUpCancelled: () => setAskingStepUp(false),
  };
}
