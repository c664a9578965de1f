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
    expect(focusRing.ring).toBeTruthy();
    expect(focusRing.input).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass(focusRing.ring);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveClass(focusRing.input);
    expect(screen.getByRole('textbox', { name: 'Network' })).toHaveClass(focusRing.input);
    // The password's box (with its show button inside) carries the ring, around the inner input.
    expect(screen.getByLabelText('Secret').closest(`.${focusRing.input}`)).not.toBeNull();
  });
});
