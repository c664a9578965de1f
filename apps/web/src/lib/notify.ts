import { notifications } from '@mantine/notifications';
import { isApiError } from './api-client';

/** The server's message for a failed call, or the fallback when the server did not give one. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.hasServerMessage ? error.message : fallback;
}

/**
 * A toast is named by what it says, so the same message shown again while it is still up (a double click, a retry)
 * does not stack a copy of it.
 */
function show(color: string, title: string, message: string): void {
  notifications.show({ id: `${color}:${title}:${message}`, color, title, message });
}

export function notifySuccess(message: string, title = 'Done'): void {
  show('green', title, message);
}

/** Shows an error toast with the server's message (docs/product-rules.md, Messages). */
export function notifyError(error: unknown, fallback = 'Something went wrong. Please try again.'): void {
  show('red', 'Something went wrong', errorMessage(error, fallback));
}

/**
 * Takes every toast down, the ones waiting their turn too: what the last person did ("Card frozen", a failed load)
 * is theirs, not something to show the next person at the sign-in screen.
 */
export function clearToasts(): void {
  notifications.clean();
}
