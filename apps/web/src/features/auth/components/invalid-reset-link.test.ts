import { describe, expect, it } from 'vitest';
import { isResetLinkValid } from './invalid-reset-link';

describe('isResetLinkValid', () => {
  const now = 1_750_000_000_000;
  it('needs a code and a unix-ms expiry in the future', () => {
    expect(isResetLinkValid('code', String(now + 60_000), now)).toBe(true);
    expect(isResetLinkValid('code', String(now - 1), now)).toBe(false);
    expect(isResetLinkValid(null, String(now + 60_000), now)).toBe(false);
    expect(isResetLinkValid('code', null, now)).toBe(false);
    expect(isResetLinkValid('code', 'tomorrow', now)).toBe(false);
  });
});
