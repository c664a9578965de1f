import {
  ACCESS_TOKEN_TTL_MS,
  COLOR_SCHEME_STORAGE_KEY,
  OTP_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  SESSION_COOKIE_NAMES,
} from '@coincard/shared';
import { Badge, Group } from '@mantine/core';
import { REFERRAL_MODAL_FLAG } from '../../../lib/referral-modal-flag';
import { formatDuration } from '../content/legal-figures';
import classes from './legal-document.module.css';

type StoredItem = { name: string; kind: 'Cookie' | 'Local storage'; purpose: string; lifetime: string };

/** What the API and the web app actually store in the browser: names and lifetimes come from the code that sets them. */
const ITEMS: readonly StoredItem[] = [
  {
    name: SESSION_COOKIE_NAMES.access,
    kind: 'Cookie',
    purpose: 'Shows the app that a request comes from you while you are signed in.',
    lifetime: `${formatDuration(ACCESS_TOKEN_TTL_MS)}, renewed while you use the app`,
  },
  {
    name: SESSION_COOKIE_NAMES.refresh,
    kind: 'Cookie',
    purpose: 'Renews the cookie above without asking for your password again. Replaced at every renewal.',
    lifetime: `Until you sign out, ${formatDuration(REFRESH_TOKEN_TTL_MS)} after signing in at the most`,
  },
  {
    name: SESSION_COOKIE_NAMES.marker,
    kind: 'Cookie',
    purpose:
      'Tells the app that you may be signed in, so it does not ask the server about a session you do not have. It holds only the value 1.',
    lifetime: 'As long as the cookies above',
  },
  {
    name: SESSION_COOKIE_NAMES.challenge,
    kind: 'Cookie',
    purpose: 'Ties the two-factor step of a sign-in to the browser that entered the password.',
    lifetime: formatDuration(OTP_TTL_MS),
  },
  {
    name: SESSION_COOKIE_NAMES.device,
    kind: 'Cookie',
    purpose:
      'Remembers that this browser signed in to your account before, so strangers guessing your password cannot slow down your own sign-in, and so we e-mail you when a new device signs in. It holds a random id and a signed proof per account, nothing else.',
    lifetime: '400 days from your last sign-in in this browser',
  },
  {
    name: COLOR_SCHEME_STORAGE_KEY,
    kind: 'Local storage',
    purpose: 'Remembers whether you chose the light or the dark colour scheme.',
    lifetime: 'Until you clear it',
  },
  {
    name: REFERRAL_MODAL_FLAG,
    kind: 'Local storage',
    purpose: 'Remembers that the result of your referral was shown, so it is shown once.',
    lifetime: 'Until you clear it',
  },
];

/** The cookies and browser storage the app uses, one entry each (a list reads better than a table on a phone). */
export function StorageList() {
  return (
    <dl className={classes.storageList}>
      {ITEMS.map((item) => (
        <div key={item.name} className={classes.storageItem}>
          <dt>
            <Group gap="xs" wrap="wrap">
              <code>{item.name}</code>
              <Badge variant="light" color="gray" size="sm" radius="sm">
                {item.kind}
              </Badge>
            </Group>
          </dt>
          <dd>
            {item.purpose} <span className={classes.lifetime}>Kept: {item.lifetime}.</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
