import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock';
import { profileApi } from '../../../test/profile';
import { renderWithProviders } from '../../../test/render';
import { PasskeysSection } from './passkeys-section';

const ANSWER = { id: 'answer', rawId: 'answer', type: 'public-key', response: {}, clientExtensionResults: {} };
const MADE = { id: 'made', rawId: 'made', type: 'public-key', response: {}, clientExtensionResults: {} };

const supported = vi.hoisted(() => ({ value: true }));
vi.mock('../../../lib/passkeys', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/passkeys')>()),
  passkeysSupported: () => supported.value,
  answerPasskeyPrompt: vi.fn(async () => ANSWER),
  createPasskey: vi.fn(async () => MADE),
}));

afterEach(() => {
  supported.value = true;
});

const PASSKEY_ID = '0190a000-0000-7000-8000-00000000a001';

describe('Passkeys section', () => {
  it('says when there are none, then adds one with a name and the password, made by the browser', async () => {
    const { bodies } = profileApi(
      {},
      {
        '/api/user/passkeys/registration-options': () => jsonResponse(200, { challenge: 'register-me' }),
        '/api/user/passkeys': (body) =>
          jsonResponse(201, {
            message: `The passkey “${String(body.name)}” is added.`,
            passkey: {
              _id: PASSKEY_ID,
              name: body.name,
              createdAt: new Date().toISOString(),
              lastUsedAt: null,
              backedUp: true,
            },
          }),
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<PasskeysSection />);
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect(screen.getByText('Give the passkey a name, like “Laptop” or “Phone”.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Passkey name/), 'Work laptop');
    await user.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), 'Sturdy-Pass-42');
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect(await screen.findByText('The passkey “Work laptop” is added.')).toBeInTheDocument();
    expect(bodies['/api/user/passkeys']).toEqual([
      { name: 'Work laptop', password: 'Sturdy-Pass-42', credential: MADE },
    ]);
  });

  it('lists each passkey with when it was made and last used; renames one and removes one with a passkey step-up', async () => {
    const { bodies } = profileApi(
      { passkey: true },
      {
        [`/api/user/passkeys/${PASSKEY_ID}`]: (body) =>
          jsonResponse(200, {
            message: body.name
              ? 'The passkey is renamed.'
              : 'The passkey is removed. Other devices have been signed out.',
          }),
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<PasskeysSection />);
    const item = await screen.findByRole('listitem', { name: 'Laptop' });
    expect(within(item).getByText(/Added .* · Last used never/)).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Rename' }));
    const name = within(item).getByLabelText('New name for Laptop');
    await user.clear(name);
    await user.type(name, 'Old laptop{Enter}');
    await vi.waitFor(() => expect(bodies[`/api/user/passkeys/${PASSKEY_ID}`]).toEqual([{ name: 'Old laptop' }]));

    await user.click(await within(item).findByRole('button', { name: 'Remove' }));
    expect(within(item).getByText(/Confirm it is you to remove “Laptop”/)).toBeInTheDocument();
    await user.type(within(item).getByLabelText(/^Current password/, { selector: 'input' }), 'Sturdy-Pass-42');
    await user.click(within(item).getByRole('button', { name: 'Use a passkey' }));
    expect(await within(item).findByText('Passkey confirmed.')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('The passkey is removed. Other devices have been signed out.')).toBeInTheDocument();
    expect(bodies[`/api/user/passkeys/${PASSKEY_ID}`]?.at(-1)).toEqual({ password: 'Sturdy-Pass-42', passkey: ANSWER });
  });

  it('offers a retry when the list cannot be loaded, and says when the browser cannot make passkeys', async () => {
    supported.value = false;
    profileApi({}, {});
    renderWithProviders(<PasskeysSection />);
    expect(await screen.findByText(/This browser cannot make passkeys/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();

    profileApi({}, {});
    const { fetchMock } = profileApi({}, {});
    fetchMock.mockImplementation(async () => jsonResponse(500, { message: 'down', errorCode: 'InternalError' }));
    renderWithProviders(<PasskeysSection />);
    expect(await screen.findByText('Your passkeys could not be loaded.')).toBeInTheDocument();
  });
});
