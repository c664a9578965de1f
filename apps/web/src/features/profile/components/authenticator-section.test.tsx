import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { fieldError, profileApi } from '../../../test/profile';
import { renderWithProviders } from '../../../test/render';
import { AuthenticatorSection } from './authenticator-section';

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i + 2}-fghj${i + 2}`);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function api(state: { enabled: boolean }, overrides: Record<string, () => Response> = {}) {
  return mockFetch((url) => {
    const override = overrides[url];
    if (override) return override();
    if (url === '/api/user/totp')
      return jsonResponse(200, { enabled: state.enabled, pending: false, recoveryCodesLeft: state.enabled ? 7 : 0 });
    if (url === '/api/user/totp/enrol')
      return jsonResponse(200, { secret: SECRET, otpauthUri: `otpauth://totp/CoinCard:a?secret=${SECRET}` });
    if (url === '/api/user/totp/confirm') {
      state.enabled = true;
      return jsonResponse(200, { message: 'The authenticator app is on.', recoveryCodes: CODES });
    }
    if (url === '/api/user/totp/disable') {
      state.enabled = false;
      return jsonResponse(200, { message: 'The authenticator app is off.' });
    }
    return jsonResponse(404, { message: 'nope' });
  });
}

describe('Authenticator app section', () => {
  it('sets up with the QR code and key, confirms with a code, and shows the recovery codes once', async () => {
    const state = { enabled: false };
    const fetchMock = api(state);
    const user = userEvent.setup();
    renderWithProviders(<AuthenticatorSection />);
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    // The password first: a stolen session alone cannot put its own authenticator on the account.
    expect(screen.getByText('Confirm it is you to set up an authenticator app.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), 'Sturdy-Pass-42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    const enrol = fetchMock.mock.calls.find(([url]) => url === '/api/user/totp/enrol');
    expect(JSON.parse(String(enrol?.[1]?.body))).toEqual({ password: 'Sturdy-Pass-42' });
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument();
    const turnOn = screen.getByRole('button', { name: 'Turn on' });
    expect(turnOn).toBeDisabled();
    await user.click(screen.getAllByRole('textbox', { name: /Digit/ })[0]!);
    await user.keyboard('123456');
    await user.click(turnOn);
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    const confirm = fetchMock.mock.calls.find(([url]) => url === '/api/user/totp/confirm');
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({ code: '123456' });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByText('7 of 10 recovery codes left.')).toBeInTheDocument();
  });

  it('shows the server message when the confirming code is wrong', async () => {
    api(
      { enabled: false },
      {
        '/api/user/totp/confirm': () =>
          jsonResponse(400, {
            message: 'Incorrect code. Enter the current code from your authenticator app.',
            errorCode: 'InvalidCode',
          }),
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<AuthenticatorSection />);
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await user.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), 'Sturdy-Pass-42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click((await screen.findAllByRole('textbox', { name: /Digit/ }))[0]!);
    await user.keyboard('000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/Incorrect code. Enter the current code/)).toBeInTheDocument();
  });

  it('turns off only with the password and a code, and shows a wrong password on its field', async () => {
    const state = { enabled: true };
    let tries = 0;
    const fetchMock = api(state, {
      '/api/user/totp/disable': () => {
        tries += 1;
        if (tries === 1)
          return jsonResponse(400, {
            message: 'Your password is incorrect.',
            errorCode: 'ValidationError',
            fields: { password: 'Your password is incorrect.' },
          });
        state.enabled = false;
        return jsonResponse(200, { message: 'The authenticator app is off.' });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AuthenticatorSection />);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const submit = screen.getByRole('button', { name: 'Turn off' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), 'wrong');
    await user.type(screen.getByRole('textbox', { name: /Security code/ }), '123456');
    await user.click(submit);
    expect(await screen.findByText('Your password is incorrect.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    const bodies = fetchMock.mock.calls
      .filter(([url]) => url === '/api/user/totp/disable')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies[0]).toEqual({ password: 'wrong', code: '123456' });
  });

  it('says so when the status cannot be loaded', async () => {
    api({ enabled: false }, { '/api/user/totp': () => jsonResponse(500, { message: 'down' }) });
    renderWithProviders(<AuthenticatorSection />);
    expect(await screen.findByText('Could not load the authenticator settings.')).toBeInTheDocument();
  });

  it('asks for the current factor too, and shows a wrong password on its field without showing any secret', async () => {
    const { bodies } = profileApi(
      { email: true },
      {
        '/api/user/totp/enrol': (body) =>
          body.code
            ? jsonResponse(200, { secret: SECRET, otpauthUri: `otpauth://totp/CoinCard:a?secret=${SECRET}` })
            : fieldError('currentPassword', 'Your current password is incorrect.'),
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<AuthenticatorSection />);
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await user.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), 'wrong');
    const code = await screen.findByRole('textbox', { name: /Security code/ });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Your current password is incorrect.', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/JBSW/)).not.toBeInTheDocument();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(bodies['/api/user/totp/enrol']?.at(-1)).toEqual({ password: 'wrong', code: '654321' });
  });
});
