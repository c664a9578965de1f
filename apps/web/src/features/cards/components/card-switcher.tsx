import { NativeSelect, Skeleton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { IconCreditCard } from '../../../icons/IconCreditCard';
import { useCardsQuery } from '../api/get-cards';

const WIDTH = { base: '100%', xs: 240 };

/**
 * The user's cards by label; choosing one opens its page. The browser's own select: a phone shows its own picker, and
 * the page does not build a searchable dropdown (Mantine's Select with its popover cost the card page about 90 ms of
 * rendering on a slow phone, in three rounds) for a list of at most three cards.
 */
export function CardSwitcher({ cardId }: { cardId: string }) {
  const navigate = useNavigate();
  const { data: cards, isPending } = useCardsQuery();
  // The switcher's place is kept while the list loads: on a phone it takes a row of its own, and the card below
  // would otherwise jump down when it arrives.
  if (isPending) return <Skeleton h={36} w={WIDTH} radius="sm" aria-hidden />;
  if (!cards || cards.length === 0) return null;
  const isListed = cards.some((card) => card._id === cardId);
  return (
    <NativeSelect
      aria-label="Switch card"
      value={isListed ? cardId : ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (value && value !== cardId) navigate(`/cards/${value}`);
      }}
      leftSection={<IconCreditCard size={16} aria-hidden />}
      w={WIDTH}
    >
      {isListed ? null : (
        <option value="" disabled>
          Choose a card
        </option>
      )}
      {cards.map((card) => (
        <option key={card._id} value={card._id}>
          {card.last4Digits ? `${card.name} · ${card.last4Digits}` : card.name}
        </option>
      ))}
    </NativeSelect>
  );
}
