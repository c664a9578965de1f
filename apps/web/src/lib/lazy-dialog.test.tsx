import { Modal } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { lazyDialog } from './lazy-dialog';

function Greeting({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Say hello">
      Hello
    </Modal>
  );
}

describe('lazyDialog', () => {
  it('opened before its code is in, shows its title and a named spinner, then the dialog', async () => {
    let loads = 0;
    let arrive: (module: { Greeting: typeof Greeting }) => void = () => undefined;
    const LazyGreeting = lazyDialog(
      () => {
        loads += 1;
        return new Promise<{ Greeting: typeof Greeting }>((resolve) => {
          arrive = resolve;
        });
      },
      'Greeting',
      'Say hello',
    );
    function Page() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Open
          </button>
          <LazyGreeting opened={opened} onClose={() => setOpened(false)} />
        </>
      );
    }
    renderWithProviders(<Page />);
    expect(loads).toBe(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => screen.getByRole('button', { name: 'Open' }).click());
    expect(loads).toBe(1);
    expect(await screen.findByRole('dialog', { name: 'Say hello' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading Say hello')).toBeInTheDocument();

    await act(async () => arrive({ Greeting }));
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Loading Say hello')).not.toBeInTheDocument());
  });

  it('fetches its code at the visitor’s first gesture on the page, before anyone opens it, and only once', async () => {
    let loads = 0;
    const LazyGreeting = lazyDialog(
      async () => {
        loads += 1;
        return { Greeting };
      },
      'Greeting',
      'Say hello',
    );
    renderWithProviders(<LazyGreeting opened={false} onClose={() => undefined} />);
    expect(loads).toBe(0);
    fireEvent.pointerOver(document.body);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(loads).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
