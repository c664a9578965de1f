import { Button, Menu, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { IconCheck } from '../../../icons/IconCheck';
import { IconChevronDown } from '../../../icons/IconChevronDown';
import { IconCreditCard } from '../../../icons/IconCreditCard';
import { useCardsQuery } from '../api/get-cards';

const WIDTH = { base: '100%', xs: 240 };

/**
 * The user's cards by label, as a menu of links to their pages: opening another card is going somewhere, chosen with
 * Enter or a click, never a side effect of arrowing through a list. A menu builds its list only when opened; Mantine's
 * Select, here before, built its searchable list on every load of the page (three renders of 30 to 45 ms on a slow
 * phone's CPU, decision 040).
 */
export function CardSwitcher({ cardId }: { cardId: string }) {
  const { data: cards, isPending } = useCardsQuery();
  // The switcher's place is kept while the list loads: on a phone it takes a row of its own, and the card below
  // would otherwise jump down when it arrives.
  if (isPending) return <Skeleton h={36} w={WIDTH} radius="sm" aria-hidden />;
  if (!cards || cards.length === 0) return null;
  const labelOf = (card: (typeof cards)[number]) =>
    card.last4Digits ? `${card.name} · ${card.last4Digits}` : card.name;
  const current = cards.find((card) => card._id === cardId);
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          w={WIDTH}
          justify="space-between"
          leftSection={<IconCreditCard size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          styles={{ label: { flex: 1, minWidth: 0 } }}
        >
          <VisuallyHidden>Switch card: </VisuallyHidden>
          <Text span inherit truncate>
            {current ? labelOf(current) : 'Choose a card'}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {cards.map((card) => (
          <Menu.Item
            key={card._id}
            component={Link}
            to={`/cards/${card._id}`}
            aria-current={card._id === cardId ? 'page' : undefined}
            rightSection={card._id === cardId ? <IconCheck size={14} aria-hidden /> : null}
          >
            {labelOf(card)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
