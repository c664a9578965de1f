import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { IconBell } from '../../../icons/IconBell';
import { useLiveConnected } from '../../../lib/use-live-events';
import { useUnreadAlerts } from '../api/get-alerts';
import { AlertList } from './alert-list';

const countLabel = (unread: number) => (unread > 99 ? '99+' : String(unread));

/** The header's bell: the unread count on it, the list in a popover (kept inside the screen down to 320 px). */
export function AlertBell() {
  const [opened, { close, toggle }] = useDisclosure(false);
  // Mantine closes on Escape only while focus is inside the list; focus can be elsewhere with the list still open
  // (the window resized, or a click on something that kept it), and Escape should close it all the same.
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') close();
  });
  const live = useLiveConnected();
  const { data } = useUnreadAlerts(live);
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? `Alerts, ${unread} unread` : 'Alerts';
  return (
    <Popover
      opened={opened}
      onDismiss={close}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
      styles={{ dropdown: { maxWidth: 'calc(100vw - 16px)', padding: 0 } }}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="md"
          aria-label={label}
          onClick={toggle}
          data-testid="alert-bell"
        >
          <Indicator label={countLabel(unread)} size={16} offset={2} color="red" disabled={unread === 0}>
            <IconBell size={20} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label="Alerts" role="dialog">
        <AlertList opened={opened} onNavigate={close} />
      </Popover.Dropdown>
    </Popover>
  );
}
