import { type CardTransaction, formatCents } from '@coincard/shared';
import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { TablerIcon } from '../../../icons/create-icon';
import { IconArrowDownLeft } from '../../../icons/IconArrowDownLeft';
import { IconBasket } from '../../../icons/IconBasket';
import { IconCar } from '../../../icons/IconCar';
import { IconCode } from '../../../icons/IconCode';
import { IconCreditCard } from '../../../icons/IconCreditCard';
import { IconDeviceTv } from '../../../icons/IconDeviceTv';
import { IconPlane } from '../../../icons/IconPlane';
import { IconRepeat } from '../../../icons/IconRepeat';
import { IconShoppingBag } from '../../../icons/IconShoppingBag';
import { IconToolsKitchen2 } from '../../../icons/IconToolsKitchen2';
import { semanticColors } from '../../../theme';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

const CATEGORY_ICONS: Record<string, TablerIcon> = {
  entertainment: IconDeviceTv,
  shopping: IconShoppingBag,
  transport: IconCar,
  travel: IconPlane,
  software: IconCode,
  'food and drink': IconToolsKitchen2,
  groceries: IconBasket,
};

/** The issuer spells the type DEBIT or CREDIT; it is compared case-insensitively (docs/product-rules.md, Cards). */
export const isCredit = (transaction: Pick<CardTransaction, 'card_transaction_type'>) =>
  transaction.card_transaction_type.toLowerCase() === 'credit';

function categoryIcon(transaction: CardTransaction): TablerIcon {
  const category = transaction.enriched_data.transaction_category?.toLowerCase() ?? '';
  return CATEGORY_ICONS[category] ?? (isCredit(transaction) ? IconArrowDownLeft : IconCreditCard);
}

/** The merchant's logo; a category icon when there is none or it does not load. */
function MerchantLogo({ transaction }: { transaction: CardTransaction }) {
  const { merchant_logo: logo, merchant_name: merchant } = transaction.enriched_data;
  const Icon = categoryIcon(transaction);
  return (
    <Avatar
      src={logo}
      alt={logo ? `${merchant ?? transaction.description} logo` : undefined}
      radius="md"
      size={40}
      color={isCredit(transaction) ? semanticColors.success : 'gray'}
      variant="light"
      aria-hidden={logo ? undefined : true}
      style={{ flexShrink: 0 }}
    >
      <Icon size={20} aria-hidden />
    </Avatar>
  );
}

/**
 * "+$25.00" in green for credits, "-$3.10" in red for debits: the sign says it too, not only the colour. A declined
 * purchase moved nothing: its amount is shown unsigned, beside the word "Declined".
 */
export function signedAmount(transaction: CardTransaction): string {
  if (transaction.status === 'declined') return formatCents(transaction.amount);
  return isCredit(transaction) ? formatCents(transaction.amount, 'always') : formatCents(-transaction.amount);
}

/**
 * One line of a card's history: who, what kind, when, how much, and whether it repeats. Memoised, as the list around
 * it renders again before the background render of a new page (decision 040).
 */
export const CardTransactionRow = memo(function CardTransactionRow({ transaction }: { transaction: CardTransaction }) {
  const credit = isCredit(transaction);
  const declined = transaction.status === 'declined';
  const {
    transaction_category: category,
    transaction_group: group,
    is_recurring: isRecurring,
  } = transaction.enriched_data;
  const kind = [category, group].filter(Boolean).join(' · ');
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" py="sm">
      <MerchantLogo transaction={transaction} />
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={600} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
          {transaction.description}
        </Text>
        {kind ? (
          <Text size="xs" c="dimmed" lh={1.3}>
            {kind}
          </Text>
        ) : null}
        {declined ? (
          <Text size="xs" c={semanticColors.danger} lh={1.3}>
            Declined: {transaction.decline_reason ?? 'refused by the card issuer'}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" lh={1.3}>
          <time dateTime={transaction.transaction_date}>{dateTime.format(new Date(transaction.transaction_date))}</time>
        </Text>
        <Group gap={4} mt={2}>
          {declined ? (
            <Badge size="xs" variant="light" color={semanticColors.danger} radius="sm" tt="none">
              Declined
            </Badge>
          ) : (
            <Badge size="xs" variant="light" color={credit ? semanticColors.success : 'gray'} radius="sm" tt="none">
              {credit ? 'Credit' : 'Debit'}
            </Badge>
          )}
          {isRecurring ? (
            <Badge
              size="xs"
              variant="light"
              color={semanticColors.accent}
              radius="sm"
              tt="none"
              leftSection={<IconRepeat size={10} aria-hidden />}
            >
              Recurring
            </Badge>
          ) : null}
        </Group>
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text
          size="sm"
          fw={700}
          c={declined ? 'dimmed' : credit ? semanticColors.success : semanticColors.danger}
          td={declined ? 'line-through' : undefined}
          style={tabular}
          data-direction={declined ? 'declined' : credit ? 'credit' : 'debit'}
        >
          {signedAmount(transaction)}
        </Text>
        <Text size="xs" c="dimmed">
          {transaction.currency}
        </Text>
      </Stack>
    </Group>
  );
});
