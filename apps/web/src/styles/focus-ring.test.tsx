import { Button, PasswordInput, Select, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import focusRing from './focus-ring.module.css';

describe('the focus ring (theme)', () => {
  it('puts the one ring class on buttons and the field class on every kind of input', () => {
    renderWithProviders(
      <>
        <Button>Save</Button>
        <TextInput label="Name" />
        <PasswordInput label="Secret" />
        <Select label="Network" data={['TRON']} />
      </>,
    );
    const ring = String(focusRing.ring);
    const field = String(focusRing.input);
    expect(focusRing.ring).toBeTruthy();
    expect(focusRing.input).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass(ring);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveClass(field);
    expect(screen.getByRole('textbox', { name: 'Network' })).toHaveClass(field);
    // The password's box (with its show button inside) carries the ring, around the inner input.
    expect(screen.getByLabelText('Secret').closest(`.${field}`)).not.toBeNull();
  });
});
