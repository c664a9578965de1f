import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput with a keyboard-reachable, labelled show/hide toggle. Mantine marks an invalid password
 * input only with `data-invalid`; `aria-invalid` tells assistive technology too (and lets a form find the field).
 */
export function PasswordField(props: PasswordInputProps) {
  const label = typeof props.label === 'string' ? props.label.toLowerCase() : 'password';
  return (
    <PasswordInput
      aria-invalid={props.error ? true : undefined}
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': `Show ${label}`, tabIndex: 0 }}
    />
  );
}
