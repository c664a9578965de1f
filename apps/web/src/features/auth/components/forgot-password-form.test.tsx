import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { FORGOT_PASSWORD_SUCCESS } from './auth-messages';
import { ForgotPasswordForm } from './forgot-password-form';

afterEach(() => {
  vi.useRealTimers();
});

describe('ForgotPasswordForm', () => {
  it('gives way to the sent message, and offers the link again only after a minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'ok' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<ForgotPasswordForm />, { route: '/password/forgot' });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(FORGOT_PASSWORD_SUCCESS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your inbox' })).toHaveFocus();
    // Nothing left to submit twice.
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Email/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Send the link again in \d+ s$/ })).toBeDisabled();

    act(() => vi.advanceTimersByTime(61_000));
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('Sent again. Only the newest link works.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your inbox' })).toHaveFocus();
    expect(callsTo(fetchMock, '/api/auth/password/forgot')).toBe(2);
    expect(screen.getByRole('button', { name: /^Send the link again in \d+ s$/ })).toBeDisabled();
  });

  it('goes back to the form, address kept, to use another e-mail', async () => {
    mockFetch(() => jsonResponse(200, { message: 'ok' }));
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm />, { route: '/password/forgot' });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await user.click(await screen.findByRole('button', { name: 'Use a different e-mail' }));
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('alice@example.com');
  });

  it('shows the server message when the request fails, keeping the form', async () => {
    mockFetch(() => jsonResponse(429, { message: 'Too many requests.', errorCode: 'TooManyRequests' }));
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm />, { route: '/password/forgot' });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
  });
});
