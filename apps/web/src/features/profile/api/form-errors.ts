import { isApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

export type FormErrors = Partial<Record<string, string>>;

/**
 * The server's refusal of a profile form, put on the fields it names (under the form's own name for each, through
 * `renamed`). A code problem without a field (a wrong or expired mailed code) belongs on the code field all the same.
 * Empty when the answer names nothing this form has.
 */
export function formErrorsFrom(
  error: unknown,
  fieldNames: readonly string[],
  renamed: Record<string, string> = {},
): FormErrors {
  if (!isApiError(error)) return {};
  const errors: FormErrors = {};
  for (const [serverName, message] of Object.entries(error.fields ?? {})) {
    const name = renamed[serverName] ?? serverName;
    if (fieldNames.includes(name)) errors[name] = message;
  }
  if (Object.keys(errors).length === 0 && fieldNames.includes('code') && /code/i.test(error.errorCode)) {
    errors.code = error.message;
  }
  return errors;
}

/**
 * A failed profile form: the fields the server names are marked (and the first one focused) and no toast is shown,
 * since the message is where the person looks; anything else (too many tries, a server error) is a toast.
 */
export function reportFormError(
  error: unknown,
  errors: FormErrors,
  markFields: (errors: FormErrors) => void,
  focusFirstInvalid: () => void,
): void {
  if (Object.keys(errors).length === 0) {
    notifyError(error);
    return;
  }
  markFields(errors);
  focusFirstInvalid();
}
