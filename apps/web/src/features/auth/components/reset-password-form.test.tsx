import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ResetPasswordForm } from './reset-password-form';

async function submit(password: string) {
  const user = userEvent.setup();
  renderWithProviders(<ResetPasswordForm code="link-code" />, { route: '/password/reset?code=link-code&exp=1' });
  await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
  return user;
}

describe('ResetPasswordForm', () => {
  it('says a too-common password once, on the field, and lets the person try another', async () => {
    const common = 'This password is too common. Choose one that is harder to guess.';
    mockFetch(() => jsonResponse(400, { message: common, errorCode: 'ValidationError', fields: { password: common } }));
    const user = await submit('Password123!');
    expect(await screen.findByText(common)).toBeInTheDocument();
    expect(screen.getAllByText(common)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const field = screen.getByLabelText(/^New password/, { selector: 'input' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await user.type(field, 'x');
    expect(screen.queryByText(common)).not.toBeInTheDocument();
  });

  it('turns a link used or expired meanwhile into the page that offers a new one, as a real link', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        message: 'This reset link is invalid, expired or already used. Request a new link.',
        errorCode: 'InvalidCode',
      }),
    );
    await submit('Sturdy-Pass-42!');
    expect(await screen.findByRole('heading', { name: 'Invalid or expired link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/password/forgot');
    expect(screen.queryByLabelText(/^New password/, { selector: 'input' })).not.toBeInTheDocument();
  });
});
