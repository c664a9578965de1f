import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Polyfills Mantine needs in jsdom.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = (() => {}) as typeof window.scrollTo;

// findBy and waitFor give up after a second by default: on two cores shared with the API suite, a page whose code
// and data arrive through lazy imports and mocked requests took longer than that (a CI run failed this way with the
// page still showing its skeleton). Like the test timeout, this limit is only there to catch what never comes.
configure({ asyncUtilTimeout: 5000 });

// A test fails when the code under test calls console.error unexpectedly (React warnings included).
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  localStorage.clear();
  // Tests run as a browser that may hold a session (the API's marker cookie); guest tests stub it away.
  vi.spyOn(document, 'cookie', 'get').mockReturnValue('signedIn=1');
});

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store: one test's toast must not show up in the next.
  notifications.clean();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    const text = errors.map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
    throw new Error(`Unexpected console.error:\n${text.join('\n')}`);
  }
});
