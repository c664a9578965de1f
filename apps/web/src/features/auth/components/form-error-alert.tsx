import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/notify';

/**
 * A failed auth form's message: the server's words, or a fixed fallback when it sent none (docs/product-rules.md,
 * Messages).
 */
export function FormErrorAlert({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      {errorMessage(error, fallback)}
    </Alert>
  );
}
