import { ALWAYS_MAILED_ALERTS, type AlertKind } from '@coincard/shared';
import { Box, Button, Group, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import type { TablerIcon } from '../../../icons/create-icon';
import { IconBan } from '../../../icons/IconBan';
import { IconBell } from '../../../icons/IconBell';
import { IconBellOff } from '../../../icons/IconBellOff';
import { IconCoins } from '../../../icons/IconCoins';
import { IconEye } from '../../../icons/IconEye';
import { IconLockOpen } from '../../../icons/IconLockOpen';
import { IconLogin } from '../../../icons/IconLogin';
import { IconReceiptRefund } from '../../../icons/IconReceiptRefund';
import { IconShoppingCart } from '../../../icons/IconShoppingCart';
import { IconSnowflake } from '../../../icons/IconSnowflake';
import { IconWallet } from '../../../icons/IconWallet';
import { useAlertsList } from '../api/get-alerts';
import type { ListedAlert } from '../api/listed-alert';
import { useMarkAlertRead, useMarkAllAlertsRead } from '../api/mark-alerts-read';
import classes from './alert-list.module.css';

/** What each kind is about at a glance; the title says it in words, so the icon is hidden from screen readers. */
const ICONS: Record<AlertKind, TablerIcon> = {
  card_purchase: IconShoppingCart,
  card_decline: IconBan,
  card_refund: IconReceiptRefund,
  top_up_credited: IconCoins,
  card_frozen_by_admin: IconSnowflake,
  card_low_balance: IconWallet,
  new_device_sign_in: IconLogin,
  card_revealed: IconEye,
  card_unlocked: IconLockOpen,
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type AlertListProps = { opened: boolean; onNavigate: () => void };

/** The bell's list: newest first, unread ones marked; opening one marks it read and goes where it leads. */
export function AlertList({ opened, onNavigate }: AlertListProps) {
  const list = useAlertsList(opened);
  const markRead = useMarkAlertRead();
  const markAll = useMarkAllAlertsRead();
  const navigate = useNavigate();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  const openAlert = (alert: ListedAlert) => {
    if (!alert.readAt) markRead.mutate(alert.id);
    if (alert.link) {
      onNavigate();
      void navigate(alert.link);
    }
  };

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="sm" className={classes.header} wrap="nowrap">
        <Text fw={700} component="h2" size="md" m={0}>
          Alerts
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          loading={markAll.isPending}
          // Not disabled when all are read: the focus would drop out of the open list.
          onClick={() => (unread > 0 ? markAll.mutate() : undefined)}
        >
          Mark all read
        </Button>
      </Group>
      {list.isPending ? (
        <Stack gap="sm" p="md" aria-label="Loading alerts" aria-busy>
          {[0, 1, 2].map((row) => (
            <Stack key={row} gap={6}>
              <Skeleton height={14} width="60%" />
              <Skeleton height={12} />
            </Stack>
          ))}
        </Stack>
      ) : list.isError ? (
        <ErrorState
          title="Alerts did not load"
          message="Check your connection and try again."
          onRetry={() => void list.refetch()}
          headingLevel={3}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconBellOff size={26} />}
          title="No alerts yet"
          description="Purchases, declines, refunds, top-ups and sign-ins from new devices will show here."
          headingLevel={3}
        />
      ) : (
        <ScrollArea.Autosize mah={420} type="auto">
          <Box component="ul" className={classes.list} aria-label="Alerts, newest first">
            {items.map((alert) => (
              <li key={alert.id}>
                <UnstyledButton
                  className={classes.item}
                  data-unread={alert.readAt ? undefined : true}
                  onClick={() => openAlert(alert)}
                  aria-label={`${alert.readAt ? '' : 'Unread: '}${alert.title}`}
                >
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <span className={classes.dot} aria-hidden data-unread={alert.readAt ? undefined : true} />
                    <AlertIcon kind={alert.kind} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={alert.readAt ? 500 : 700} className={classes.title}>
                        {alert.title}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={3}>
                        {alert.body}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {when.format(new Date(alert.createdAt))}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Box>
          {list.hasNextPage ? (
            <Group justify="center" p="sm">
              <Button
                variant="subtle"
                size="compact-sm"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Show older alerts
              </Button>
            </Group>
          ) : null}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

const isKnownKind = (kind: string): kind is AlertKind => Object.hasOwn(ICONS, kind);

/**
 * The kind's icon; a security alert's (the always-mailed ones) in the danger colour, so it stands out in the list. A
 * kind newer than this page's code (see listed-alert.ts) gets a plain bell.
 */
function AlertIcon({ kind }: { kind: string }) {
  const known = isKnownKind(kind);
  const Icon = known ? ICONS[kind] : IconBell;
  return (
    <Icon
      size={18}
      aria-hidden
      className={classes.icon}
      data-security={known && ALWAYS_MAILED_ALERTS.includes(kind) ? true : undefined}
    />
  );
}
