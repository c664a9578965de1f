import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { StepUpPanel } from './step-up-panel';

vi.mock('../../../lib/passkeys', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/passkeys')>()),
  passkeysSupported: () => true,
  answerPasskeyPrompt: vi.fn(async () => ({
    id: 'cred',
    rawId: 'cred',
    type: 'public-key',
    response: {},
    clientExtensionResults: {},
  })),
}));

type Methods = { authenticator?: boolean; emailCode?: boolean; passkey?: boolean };

function stepUpApi(methods: Methods, answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/auth/step-up' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }
    if (url === '/api/auth/step-up')
      return jsonResponse(200, {
        password: true,
        authenticator: methods.authenticator ?? false,
        emailCode: methods.emailCode ?? false,
        passkey: methods.passkey ?? false,
        steppedUpUntil: null,
      });
    if (url === '/api/auth/step-up/passkey-options')
      return jsonResponse(200, { challenge: 'abc', allowCredentials: [] });
    if (url === '/api/user/step-up/code')
      return jsonResponse(200, { message: 'We sent a 6-digit code to your e-mail.' });
    return jsonResponse(404, { message: 'nope', errorCode: 'NotFound' });
  });
  return { fetchMock, bodies };
}

const confirmed = () => jsonResponse(200, { message: 'Confirmed.', steppedUpUntil: new Date().toISOString() });

afterEach(() => vi.clearAllMocks());

describe('StepUpPanel', () => {
  it('confirms with the password when that is all the account has, and shows a wrong one on its field', async () => {
    const onConfirmed = vi.fn();
    const { bodies } = stepUpApi({}, (body) =>
      body.password === 'right-password'
        ? confirmed()
        : jsonResponse(400, {
            message: 'Your current password is incorrect.',
            errorCode: 'ValidationError',
            fields: { password: 'Your current password is incorrect.' },
          }),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <StepUpPanel
        reason="To show the card details, confirm it is you."
        onConfirmed={onConfirmed}
        onCancel={vi.fn()}
      />,
    );
    expect(await screen.findByText('To show the card details, confirm it is you.')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-password{Enter}');
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    expect(bodies).toEqual([{ password: 'wrong' }, { password: 'right-password' }]);
  });

  it('offers a code (with an e-mailed one) and a passkey when the account has them, passkey first', async () => {
    const onConfirmed = vi.fn();
    const { bodies, fetchMock } = stepUpApi({ authenticator: true, emailCode: true, passkey: true }, () => confirmed());
    const user = userEvent.setup();
    renderWithProviders(<StepUpPanel reason="Confirm." onConfirmed={onConfirmed} onCancel={vi.fn()} />);
    const passkeyButton = await screen.findByRole('button', { name: 'Use a passkey' });
    expect(screen.getByRole('radio', { name: 'Passkey' })).toBeChecked();
    await user.click(passkeyButton);
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(bodies[0]).toHaveProperty('passkey.id', 'cred');

    await user.click(screen.getByRole('radio', { name: 'Code' }));
    await user.click(screen.getByRole('button', { name: 'Send me a code by e-mail' }));
    expect(await screen.findByText('Code sent')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/step-up/code')).toBe(true);
    await user.type(screen.getByLabelText('Security code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(2));
    expect(bodies[1]).toEqual({ code: '123456' });
  });

  it('says so in words when the passkey prompt is closed, and offers a retry when the options fail to load', async () => {
    const passkeys = await import('../../../lib/passkeys');
    vi.mocked(passkeys.answerPasskeyPrompt).mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    stepUpApi({ passkey: true }, () => confirmed());
    const user = userEvent.setup();
    renderWithProviders(<StepUpPanel reason="Confirm." onConfirmed={vi.fn()} onCancel={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey prompt was closed or timed out.');

    mockFetch(() => jsonResponse(500, { message: 'down', errorCode: 'InternalError' }));
    renderWithProviders(<StepUpPanel reason="Again." onConfirmed={vi.fn()} onCancel={vi.fn()} />);
    expect(await screen.findByText('The ways to confirm it is you could not be loaded.')).toBeInTheDocument();
  });
});
