import { Alert } from '@mantine/core';
import { IconAlertCircle } from '../../../icons/IconAlertCircle';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/notify';

type FormErrorAlertProps = {
  error: unknown;
  fallback: string;
  /** The form's fields: a refusal that names one of them is said on that field alone, not here too. */
  fieldNames?: readonly string[];
};

/** Whether the server's refusal names one of the form's own fields. */
export function namesAField(error: unknown, fieldNames: readonly string[]): boolean {
  return isApiError(error) && Object.keys(error.fields ?? {}).some((name) => fieldNames.includes(name));
}

/**
 * A failed auth form's message: the server's words, or a fixed fallback when it sent none (docs/product-rules.md,
 * Messages).
 */
export function FormErrorAlert({ error, fallback, fieldNames = [] }: FormErrorAlertProps) {
  if (!error || namesAField(error, fieldNames)) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      {errorMessage(error, fallback)}
    </Alert>
  );
}
