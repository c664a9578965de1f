import { describe, expect, it } from 'vitest';
import { afterSignInPath, safeRedirectUrl } from './redirect-url';

describe('safeRedirectUrl', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirectUrl('/cards/42?tab=history#top')).toBe('/cards/42?tab=history#top');
  });

  it.each([
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['dashboard'],
    [''],
  ])('refuses %j', (value) => {
    expect(safeRedirectUrl(value)).toBeNull();
  });

  it('falls back to /dashboard', () => {
    expect(afterSignInPath(null)).toBe('/dashboard');
    expect(afterSignInPath('//evil.example')).toBe('/dashboard');
  });
});
