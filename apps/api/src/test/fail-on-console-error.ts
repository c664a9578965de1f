import { afterEach, vi } from 'vitest';

const spy = vi.spyOn(console, 'error');

afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockClear();
  if (calls.length > 0) throw new Error(`Unexpected console.error: ${calls.map((args) => args.join(' ')).join('\n')}`);
});
