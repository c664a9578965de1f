import { TOAST_DURATION_MS } from '@coincard/shared';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/** Two at a time: a third waits its turn rather than pushing a column of toasts over the page. */
export const TOAST_LIMIT = 2;

/**
 * Where toasts show (5 s each): at the bottom, where they cover neither the top bar's links nor the avatar menu;
 * bottom-right on wide screens, bottom-centre on phones, where a corner would leave a sliver of text.
 */
export function Toasts() {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Notifications
      autoClose={TOAST_DURATION_MS}
      position={isPhone ? 'bottom-center' : 'bottom-right'}
      limit={TOAST_LIMIT}
    />
  );
}
