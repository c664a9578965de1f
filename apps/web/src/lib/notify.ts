import { notifications } from '@mantine/notifications';
import { isApiError } from './api-client';

/** The server's message for a failed call, or the fallback when the server did not give one. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.hasServerMessage ? error.message : fallback;
}

export function notifySuccess(message: string, title = 'Done'): void {
  notifications.show({ color: 'green', title, message });
}

/** Shows an error toast with the server's message (docs/product-rules.md, Messages). */
export function notifyError(error: unknown, fallback = 'Something went wrong. Please try again.'): void {
  notifications.show({ color: 'red', title: 'Something went wrong', message: errorMessage(error, fallback) });
}
