import { z } from 'zod';
import { PASSKEY_NAME_MAX_LENGTH } from '../constants.js';

/** base64url, as WebAuthn's JSON encodes every binary field; bounded so a body cannot carry megabytes of it. */
const b64url = (max: number) =>
  z
    .string({ message: 'Passkey answer is incomplete.' })
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Passkey answer is malformed.');

/** What the browser's navigator.credentials.get() answers, as @simplewebauthn/browser sends it. */
export const passkeyAssertionSchema = z.object({
  id: b64url(1024).min(1),
  rawId: b64url(1024).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    authenticatorData: b64url(4096).min(1),
    signature: b64url(2048).min(1),
    userHandle: b64url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/** What navigator.credentials.create() answers. */
export const passkeyAttestationSchema = z.object({
  id: b64url(1024).min(1),
  rawId: b64url(1024).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    attestationObject: b64url(16_384).min(1),
    authenticatorData: b64url(4096).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestationSchema>;

export const passkeyNameSchema = z
  .string({ message: 'Give the passkey a name.' })
  .trim()
  .min(1, 'Give the passkey a name.')
  .max(PASSKEY_NAME_MAX_LENGTH, `A passkey name is at most ${PASSKEY_NAME_MAX_LENGTH} characters.`);

/**
 * The options the browser hands to navigator.credentials.create() or .get(): produced by @simplewebauthn/server and
 * passed through unchanged (the browser library reads them), so only their shape's outline is checked here.
 */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced to the person's other devices by a password manager, or bound to one device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysSchema = z.object({ passkeys: z.array(passkeySchema) });
export type Passkeys = z.infer<typeof passkeysSchema>;
