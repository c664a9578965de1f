/** Fallback messages (docs/product-rules.md, Messages), used when the server gives none. */
export const LOGIN_ERROR_FALLBACK = 'An error occurred while login.';
export const REGISTRATION_ERROR_FALLBACK = 'An error occurred during registration';
export const GENERIC_ERROR_FALLBACK = 'An error occurred. Please try again.';
export const FORGOT_PASSWORD_SUCCESS = 'Email sent! Check your inbox for further instructions.';
