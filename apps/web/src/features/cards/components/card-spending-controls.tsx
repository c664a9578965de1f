import {
  CARD_SPEND_LIMIT_MAX_CENTS,
  type CardControls,
  type CardControlsBody,
  formatCents,
  MERCHANT_CATEGORIES,
  type MerchantCategory,
} from '@coincard/shared';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { memo, useDeferredValue, useEffect } from 'react';
import { ErrorState } from '../../../components/error-state';
import { IconInfoCircle } from '../../../icons/IconInfoCircle';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useCardControlsQuery, useUpdateCardControlsMutation } from '../api/card-controls';

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
const renewDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

type LimitField = 'perPurchase' | 'daily' | 'monthly';
type ControlsValues = Record<LimitField, number | string> & {
  merchantLock: boolean;
  blockedCategories: MerchantCategory[];
};

const toDollars = (cents: number | null) => (cents === null ? '' : cents / 100);
const toCents = (value: number | string): number | null =>
  value === '' || value === null ? null : Math.round(Number(value) * 100);

function valuesOf(controls: CardControls): ControlsValues {
  return {
    perPurchase: toDollars(controls.perPurchase),
    daily: toDollars(controls.daily),
    monthly: toDollars(controls.monthly),
    merchantLock: controls.merchantLock,
    blockedCategories: controls.blockedCategories,
  };
}

/** Empty means no limit; otherwise dollars and cents between $0.01 and the largest limit a card takes. */
function limitError(value: number | string): string | null {
  if (value === '') return null;
  const dollars = Number(value);
  if (!Number.isFinite(dollars)) return 'Enter an amount in dollars, or leave it empty for no limit.';
  if (Math.abs(dollars * 100 - Math.round(dollars * 100)) > 1e-6) return 'Use at most two decimals (cents).';
  if (dollars < 0.01) return 'Enter at least $0.01, or leave it empty for no limit.';
  if (dollars * 100 > CARD_SPEND_LIMIT_MAX_CENTS) return `At most ${formatCents(CARD_SPEND_LIMIT_MAX_CENTS)}.`;
  return null;
}

function Remaining({ window, period }: { window: CardControls['dailyWindow']; period: string }) {
  if (!window) return null;
  return (
    <Text size="xs" c="dimmed" style={tabular}>
      {formatCents(window.left)} left {period}, renews on {renewDate.format(new Date(window.renewsAt))} (UTC)
    </Text>
  );
}

/** Which controls the card's issuer lets hold, in words for the owner (decision 033). */
function EnforcementNote({ controls }: { controls: CardControls }) {
  if (controls.enforcement === 'authorization') {
    return (
      <Text size="xs" c="dimmed">
        Every purchase is checked against these controls before it is approved; a declined purchase shows in the card's
        history with the reason.
      </Text>
    );
  }
  return (
    <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} aria-hidden />} p="sm">
      This card's issuer does not ask before a purchase, so these controls hold after it: the card is frozen as soon as
      a purchase reaches the daily or monthly limit (that purchase itself goes through), and a single-use card closes
      after its first purchase. The per-purchase limit, merchant lock and blocked categories cannot refuse a purchase
      with this issuer.
    </Alert>
  );
}

function ControlsSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading the spending controls">
      <Skeleton h={20} w={160} />
      <Skeleton h={36} />
      <Skeleton h={36} />
      <Skeleton h={36} />
    </Stack>
  );
}

// Memoised: the controls' query re-renders its reader at once when an answer lands, and the form renders again only in
// the background render of the new answer (decision 040).
const ControlsForm = memo(function ControlsForm({ cardId, controls }: { cardId: string; controls: CardControls }) {
  const save = useUpdateCardControlsMutation(cardId);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const form = useForm<ControlsValues>({
    mode: 'controlled',
    initialValues: valuesOf(controls),
    validate: {
      perPurchase: (value, values) => {
        const own = limitError(value);
        if (own || value === '') return own;
        const caps = [values.daily, values.monthly].filter((cap) => cap !== '' && limitError(cap) === null);
        return caps.some((cap) => Number(value) > Number(cap))
          ? 'Cannot be more than the daily or monthly limit.'
          : null;
      },
      daily: (value, values) => {
        const own = limitError(value);
        if (own || value === '' || values.monthly === '' || limitError(values.monthly)) return own;
        return Number(value) > Number(values.monthly) ? 'Cannot be more than the monthly limit.' : null;
      },
      monthly: limitError,
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues(valuesOf(controls));
    resetDirty(valuesOf(controls));
  }, [controls, setValues, resetDirty]);

  const submit = form.onSubmit((values) => {
    const body: CardControlsBody = {
      perPurchase: toCents(values.perPurchase),
      daily: toCents(values.daily),
      monthly: toCents(values.monthly),
      merchantLock: values.merchantLock,
      blockedCategories: values.blockedCategories,
    };
    save.mutate(body);
  }, focusFirstInvalid);

  const limitInput = (field: LimitField, label: string) => (
    <NumberInput
      label={label}
      placeholder="No limit"
      prefix="$"
      decimalScale={2}
      min={0}
      thousandSeparator=","
      allowNegative={false}
      hideControls
      inputMode="decimal"
      {...form.getInputProps(field)}
    />
  );

  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label="Spending controls">
      <Stack gap="md">
        <Stack gap={6}>
          {limitInput('perPurchase', 'Per purchase')}
          {limitInput('daily', 'Per day')}
          <Remaining window={controls.dailyWindow} period="today" />
          {limitInput('monthly', 'Per month')}
          <Remaining window={controls.monthlyWindow} period="this month" />
        </Stack>
        <Switch
          label="Lock to the first merchant"
          description={
            controls.lockedMerchant
              ? `Only ${controls.lockedMerchant} can charge this card.`
              : 'Only the merchant of the first purchase can charge this card afterwards.'
          }
          {...form.getInputProps('merchantLock', { type: 'checkbox' })}
        />
        <Checkbox.Group
          label="Blocked merchant categories"
          description="Purchases in these categories are declined."
          {...form.getInputProps('blockedCategories')}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
            {MERCHANT_CATEGORIES.map((category) => (
              <Checkbox key={category.id} value={category.id} label={category.label} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <EnforcementNote controls={controls} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save controls
          </Button>
        </Group>
      </Stack>
    </form>
  );
});

/** The card page's Controls section: limits with what is left, merchant lock and blocked categories. */
export function CardSpendingControls({ cardId }: { cardId: string }) {
  const { data, isError, refetch } = useCardControlsQuery(cardId);
  const controls = useDeferredValue(data);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={`${cardId}-controls`}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={`${cardId}-controls`}>
            Spending controls
          </Title>
          {controls?.singleUse ? (
            <Badge variant="light" color="grape">
              Single-use
            </Badge>
          ) : null}
        </Group>
        {controls?.singleUse ? (
          <Text size="sm" c="dimmed">
            This card closes after its first purchase; what is left on it returns to your balance.
          </Text>
        ) : null}
        {isError ? (
          <ErrorState headingLevel={3} title="Controls unavailable" onRetry={() => void refetch()} />
        ) : controls === undefined ? (
          <ControlsSkeleton />
        ) : (
          <ControlsForm cardId={cardId} controls={controls} />
        )}
      </Stack>
    </Paper>
  );
}
