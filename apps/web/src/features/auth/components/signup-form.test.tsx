import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SignupForm } from './signup-form';

async function fillForm(email: string, password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Email/ }), email);
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), password);
  await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignupForm', () => {
  it('shows the password rules live as they pass', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupForm />, { route: '/signup' });
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(rules).toHaveTextContent('At least 8 characters (not met yet)');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'abcdefgh');
    expect(rules).toHaveTextContent('At least 8 characters (met)');
    expect(rules).toHaveTextContent('A lowercase letter (met)');
    expect(rules).toHaveTextContent('An uppercase letter (not met yet)');
  });

  it('blocks a weak password with the strength message and sends nothing', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { message: 'ok' }));
    renderWithProviders(<SignupForm />, { route: '/signup' });
    await fillForm('new@example.com', 'password');
    expect(await screen.findByText('Password does not meet the strength requirements.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/register')).toBe(0);
  });

  it('blocks a confirmation that does not match', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { message: 'ok' }));
    renderWithProviders(<SignupForm />, { route: '/signup' });
    await fillForm('new@example.com', 'Str0ng!Pass', 'Str0ng!Pas');
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/register')).toBe(0);
  });

  it('sends the ref query parameter as referredBy and then asks to check the e-mail', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { message: 'Check your email.' }));
    renderWithProviders(<SignupForm />, { route: '/signup?ref=friend-42' });
    await fillForm('new@example.com', 'Str0ng!Pass');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'new@example.com',
      password: 'Str0ng!Pass',
      confirmPassword: 'Str0ng!Pass',
      referredBy: 'friend-42',
    });
  });

  it('shows the server message inline, or the fallback when there is none', async () => {
    mockFetch(() =>
      jsonResponse(429, { message: 'Too many attempts. Try again later.', errorCode: 'TooManyRequests' }),
    );
    const first = renderWithProviders(<SignupForm />, { route: '/signup' });
    await fillForm('new@example.com', 'Str0ng!Pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again later.');
    first.unmount();

    mockFetch(() => new Response('gateway down', { status: 502 }));
    renderWithProviders(<SignupForm />, { route: '/signup' });
    await fillForm('new@example.com', 'Str0ng!Pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during registration');
  });

  it('says a too-common password once, on the password field, not in a banner too', async () => {
    const common = 'This password is too common. Choose one that is harder to guess.';
    mockFetch(() => jsonResponse(400, { message: common, errorCode: 'ValidationError', fields: { password: common } }));
    renderWithProviders(<SignupForm />, { route: '/signup' });
    await fillForm('new@example.com', 'Password123!');
    expect(await screen.findByText(common)).toBeInTheDocument();
    expect(screen.getAllByText(common)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAccessibleDescription(
      expect.stringContaining(common),
    );
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveFocus();
  });
});
