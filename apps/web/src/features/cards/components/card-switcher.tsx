import { Select, Skeleton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { IconCreditCard } from '../../../icons/IconCreditCard';
import { useCardsQuery } from '../api/get-cards';

const WIDTH = { base: '100%', xs: 240 };

/** The user's cards by label; choosing one opens its page. */
export function CardSwitcher({ cardId }: { cardId: string }) {
  const navigate = useNavigate();
  const { data: cards, isPending } = useCardsQuery();
  // The switcher's place is kept while the list loads: on a phone it takes a row of its own, and the card below
  // would otherwise jump down when it arrives.
  if (isPending) return <Skeleton h={36} w={WIDTH} radius="sm" aria-hidden />;
  if (!cards || cards.length === 0) return null;
  const data = cards.map((card) => ({
    value: card._id,
    label: card.last4Digits ? `${card.name} · ${card.last4Digits}` : card.name,
  }));
  return (
    <Select
      aria-label="Switch card"
      data={data}
      value={cards.some((card) => card._id === cardId) ? cardId : null}
      onChange={(value) => {
        if (value && value !== cardId) navigate(`/cards/${value}`);
      }}
      allowDeselect={false}
      checkIconPosition="right"
      leftSection={<IconCreditCard size={16} aria-hidden />}
      w={WIDTH}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
