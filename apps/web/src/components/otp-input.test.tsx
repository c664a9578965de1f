import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { OtpInput } from './otp-input';

function OtpForm() {
  const [code, setCode] = useState('');
  return (
    <>
      <OtpInput label="Verification code" value={code} onChange={setCode} />
      <Button disabled={code.length !== 6}>Verify</Button>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox', { name: /Digit \d of 6/ });
const values = () => boxes().map((box) => (box as HTMLInputElement).value);

describe('OtpInput', () => {
  it('renders six labelled single-digit boxes inside a named group', () => {
    renderWithProviders(<OtpForm />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
  });

  it('ignores non-digits while typing and keeps Verify disabled until six digits', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OtpForm />);
    const verify = screen.getByRole('button', { name: 'Verify' });
    await user.click(boxes()[0]!);
    await user.keyboard('1a2b3');
    expect(values()).toEqual(['1', '2', '3', '', '', '']);
    expect(verify).toBeDisabled();
    await user.keyboard('x456');
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(verify).toBeEnabled();
  });

  it('accepts a paste only when it is all digits', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OtpForm />);
    await user.click(boxes()[0]!);
    await user.paste('12ab56');
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await user.paste('654321');
    expect(values()).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });
});
