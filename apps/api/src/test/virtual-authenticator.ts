import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for the API tests: it makes P-256 passkeys and signs assertions as a security
 * key or a phone would (attestation "none", a signature counter, user presence and verification flags), so the
 * server's checks run against real CBOR, real signatures and real counters. The browser tests use Chromium's own
 * virtual authenticator instead (e2e/tests/passkeys.spec.ts).
 */

type Credential = {
  id: Buffer;
  key: KeyObject;
  x: Buffer;
  y: Buffer;
  userHandle: string;
  signCount: number;
  rpId: string;
};

/** The few CBOR types WebAuthn needs: maps, byte and text strings, small and negative integers. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const buffer = Buffer.alloc(3);
    buffer[0] = (major << 5) | 25;
    buffer.writeUInt16BE(length, 1);
    return buffer;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  }
  throw new Error(`cannot encode ${typeof value}`);
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: Array<{ id: string }> };

export function createVirtualAuthenticator(input: { origin: string; userVerified?: boolean }) {
  const credentials: Credential[] = [];
  const rpIdOf = (explicit?: string) => explicit ?? new URL(input.origin).hostname;
  const flags = (extra: number) => 0x01 | (input.userVerified === false ? 0 : 0x04) | extra;
  const clientData = (type: string, challenge: string, origin = input.origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentials,
    /** navigator.credentials.create(): a new passkey for the options' user, answered as the browser library sends it. */
    register(options: CreationOptions, override: { origin?: string } = {}) {
      const rpId = rpIdOf(options.rp.id);
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const credential: Credential = {
        id: randomBytes(16),
        key: privateKey,
        x: Buffer.from(jwk.x ?? '', 'base64url'),
        y: Buffer.from(jwk.y ?? '', 'base64url'),
        userHandle: options.user.id,
        signCount: 0,
        rpId,
      };
      credentials.push(credential);
      const coseKey = cbor(
        new Map<number, unknown>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, credential.x],
          [-3, credential.y],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credential.id.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags(0x40)]),
        Buffer.alloc(4),
        Buffer.alloc(16),
        length,
        credential.id,
        coseKey,
      ]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, override.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** navigator.credentials.get(): an assertion by an allowed passkey (or any for the site), its counter moved on. */
    assert(options: RequestOptions, override: { origin?: string; credential?: Credential; signCount?: number } = {}) {
      const rpId = rpIdOf(options.rpId);
      const allowed = (options.allowCredentials ?? []).map((entry) => entry.id);
      const credential =
        override.credential ??
        credentials.find((c) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(b64url(c.id))));
      if (!credential) throw new Error('no passkey for this prompt');
      credential.signCount = override.signCount ?? credential.signCount + 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(credential.signCount);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags(0)]), counter]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, override.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.key);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}

export type VirtualAuthenticator = ReturnType<typeof createVirtualAuthenticator>;
