import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from '../lib/notify';
import { renderWithProviders } from '../test/render';

describe('Toasts', () => {
  it('shows toasts at the bottom right, where they cover nothing of the top bar', async () => {
    renderWithProviders(<p>page</p>);
    act(() => notifySuccess('Card frozen.'));
    const toast = await screen.findByText('Card frozen.');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
  });

  it('shows two at a time and does not stack a copy of a message already up', async () => {
    renderWithProviders(<p>page</p>);
    act(() => {
      notifyError(new Error('x'), 'First problem.');
      notifyError(new Error('x'), 'First problem.');
      notifySuccess('Second.');
      notifySuccess('Third.');
    });
    expect(await screen.findAllByText('First problem.')).toHaveLength(1);
    expect(screen.getByText('Second.')).toBeInTheDocument();
    expect(screen.queryByText('Third.')).not.toBeInTheDocument();
  });
});
