import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** Mantine's PasswordInput with a keyboard-reachable, labelled show/hide toggle. */
export function PasswordField(props: PasswordInputProps) {
  const label = typeof props.label === 'string' ? props.label.toLowerCase() : 'password';
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': `Show ${label}`, tabIndex: 0 }} />;
}
