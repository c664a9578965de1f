import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCard } from '../../../test/cards';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { CardPinModal } from './card-pin-modal';

const card = makeCard({ name: 'Everyday' });

/** The API refuses the new code until the session has stepped up, as it does for a stolen session. */
function mockApi() {
  let steppedUp = false;
  const pins: unknown[] = [];
  mockFetch((url, init) => {
    if (url === '/api/auth/step-up' && init?.method === 'POST') {
      steppedUp = true;
      return jsonResponse(200, { message: 'Confirmed.', steppedUpUntil: new Date(Date.now() + 300_000).toISOString() });
    }
    if (url === '/api/auth/step-up')
      return jsonResponse(200, {
        password: true,
        authenticator: false,
        emailCode: false,
        passkey: false,
        steppedUpUntil: null,
      });
    if (url === `/api/cards/${card._id}/pin` && !steppedUp) {
      return jsonResponse(403, {
        message: 'Confirm it is you first: your password, a code or a passkey.',
        errorCode: 'StepUpRequired',
      });
    }
    if (url === `/api/cards/${card._id}/pin` && init?.method === 'PATCH') {
      pins.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { message: 'Your 3DS code is changed.', card });
    }
    return jsonResponse(404, { message: 'Not found', errorCode: 'NotFound' });
  });
  return { pins };
}

describe('Change 3DS code dialog', () => {
  it('asks to confirm it is the person, then saves the new code', async () => {
    const { pins } = mockApi();
    let isOpen = true;
    renderWithProviders(
      <CardPinModal
        card={card}
        opened
        onClose={() => {
          isOpen = false;
        }}
      />,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Change 3DS code' });
    await user.type(within(dialog).getAllByRole('textbox')[0] as HTMLElement, '9876');
    await user.click(within(dialog).getByRole('button', { name: 'Save code' }));
    expect(await within(dialog).findByText(/To change the 3DS code, confirm it is you/)).toBeInTheDocument();
    expect(screen.queryByText('Confirm it is you first: your password, a code or a passkey.')).not.toBeInTheDocument();
    await user.type(await within(dialog).findByLabelText('Password'), 'Correct-Horse-42');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(pins).toEqual([{ pin: 9876 }]));
    await waitFor(() => expect(isOpen).toBe(false));
  });
});
