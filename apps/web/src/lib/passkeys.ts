import type { PasskeyAssertion, PasskeyAttestation, PasskeyOptions } from '@coincard/shared';

/**
 * The browser's side of a passkey ceremony, through @simplewebauthn/browser. Loaded only when a passkey is used, so
 * pages that never touch one (the landing page, a first visit to /login) do not download it.
 */
const library = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (WebAuthn); false while prerendering. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Asks the browser (and the person) for a passkey answering the server's prompt. */
export async function answerPasskeyPrompt(options: PasskeyOptions): Promise<PasskeyAssertion> {
  const { startAuthentication } = await library();
  const answer = await startAuthentication({ optionsJSON: options as never });
  return answer as unknown as PasskeyAssertion;
}

/** Asks the browser (and the person) to make a new passkey for the server's prompt. */
export async function createPasskey(options: PasskeyOptions): Promise<PasskeyAttestation> {
  const { startRegistration } = await library();
  const made = await startRegistration({ optionsJSON: options as never });
  return made as unknown as PasskeyAttestation;
}

/** A failed ceremony in the person's words; server refusals keep their own message. */
export function passkeyProblem(error: unknown): string | null {
  if (!(error instanceof Error) || error.name === 'ApiError') return null;
  if (error.name === 'NotAllowedError' || /not allowed|timed out|cancel/i.test(error.message)) {
    return 'The passkey prompt was closed or timed out. Try again when you are ready.';
  }
  if (error.name === 'InvalidStateError') return 'This device already has a passkey for your account.';
  return 'This browser could not use a passkey here. Try another way.';
}
