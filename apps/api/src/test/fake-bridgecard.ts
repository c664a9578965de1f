import { createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Bridgecard issuing API written from docs/card-issuer-protocol.md, independent of the
 * adapter's code: it checks the `token: Bearer` header, validates bodies the way a strict API would (so adapter
 * mistakes fail loudly instead of passing silently), enforces the one-move-per-window rule, decrypts PINs in the
 * documented OpenSSL format and sends signed webhooks when a test says how an operation ended.
 *
 * Choices the document leaves open (keep them in mind when reading a test that fails):
 * - An accepted unload reserves its amount at once: `available_balance` drops, `book_balance` drops only when
 *   it completes successfully (a failed unload releases the reservation). Pending funds count for nothing
 *   until they complete.
 * - `balance` in answers is the available balance; everything is a string of cents.
 * - Freezing sets `is_active` false. Funds need `is_active`, unloads only a card that is not deleted; purchases on a
 *   frozen or deleted card are declined.
 * - Unknown card or cardholder ids answer 400 (like any other bad input); only an unknown reference in
 *   get_card_transaction_status answers 404, as documented.
 * - Register and create_card answer 201, accepted funds/unloads 202, everything else 200: the document only
 *   promises "2xx".
 * - A card can't be deleted while it holds money or has a fund/unload still pending.
 * - The fake sends webhooks from the test controls, and on its own only for a cardholder registration: the
 *   asynchronous `register_cardholder` answers at once and sends its `cardholder_verification.*` decision after
 *   `verificationDelayMs`, as the test planned it (approved unless told), as many times as planned (a redelivery).
 * - A cardholder gets cards only once verified.
 */

const PREFIX = '/v1/issuing/sandbox';
const PAGE_SIZE = 20;

type Json = Record<string, unknown>;

export interface FakeBridgecardOptions {
  accessToken: string;
  secretKey: string;
  webhookSecret: string;
  /** The one-fund-or-unload-per-card window; 300 seconds unless told. */
  windowSeconds?: number;
  /** The fake's clock, for every time it records or compares. */
  now?: () => Date;
  /** How long after a registration the identity decision is sent; 20 ms unless told. */
  verificationDelayMs?: number;
}

/** How the fake decides the next registration: the webhook it sends, and how many times it sends it. */
export interface VerificationPlan {
  outcome: 'successful' | 'failed';
  /** `error_description` of a failure. */
  reason?: string;
  /** This app's protocol extension: a failure that asks for more information. */
  needsMoreInformation?: boolean;
  /** Sent this many times (a redelivery of the same decision); 1 unless told. */
  deliveries?: number;
  /** A `cardholder_verification.manual_review` first. */
  manualReviewFirst?: boolean;
}

export interface FakeCardholder {
  cardholder_id: string;
  first_name: string;
  last_name: string;
  email_address: string;
  phone: string;
  is_active: boolean;
  is_id_verified: boolean;
  /** The whole registration body as received. */
  registration: Json;
}

const requiredFields = (body: Json, prefix: string, fields: string[]) => {
  for (const field of fields) {
    if (typeof body[field] !== 'string' || String(body[field]).trim() === '')
      fail(400, `${prefix}${field} is required`);
  }
};

export interface FakeTransaction {
  card_id: string;
  amount: string;
  card_transaction_type: 'DEBIT' | 'CREDIT';
  description: string;
  currency: 'USD';
  transaction_date: string;
  /** Ours: set for funds and unloads, null for purchases and reversals. */
  client_transaction_reference: string | null;
  bridgecard_transaction_reference: string;
  enriched_data: {
    is_recurring: boolean | null;
    merchant_city: string | null;
    merchant_code: string | null;
    merchant_logo: string | null;
    merchant_name: string | null;
    merchant_website: string | null;
    transaction_category: string | null;
    transaction_group: string | null;
  };
}

export interface FakeCard {
  card_id: string;
  cardholder_id: string;
  card_number: string;
  cvv: string;
  expiry_month: string;
  expiry_year: string;
  card_name: string;
  last_4: string;
  is_active: boolean;
  is_deleted: boolean;
  /** The last PIN received (create_card or update_card_pin), decrypted. */
  pin: string;
  card_limit: string | null;
  meta_data: unknown;
  /** Settled money on the card, in cents. */
  bookCents: number;
  /** Cents held by unloads accepted but not yet completed. */
  reservedCents: number;
  /** When the last fund or unload was accepted, for the window rule. */
  lastMoveAt: Date | null;
  /** Oldest first; the API answers newest first. */
  transactions: FakeTransaction[];
}

export interface FakeOperation {
  reference: string;
  kind: 'fund' | 'unload';
  card_id: string;
  amountCents: number;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  acceptedAt: Date;
}

export interface FakeMerchant {
  name: string;
  category: string;
  group: string;
  logo: string;
  recurring: boolean;
  description: string;
  /** Merchant category code; 5999 unless told. */
  code?: string;
  city?: string;
  website?: string;
}

export interface FakeRequest {
  method: string;
  /** Path under the base URL, without the query: `/cards/create_card`. */
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body, or null when there was none (or it was not a JSON object). */
  body: Json | null;
  headers: IncomingHttpHeaders;
}

export interface FakeWebhook {
  event: string;
  data: Json;
  rawBody: string;
  signature: string;
  /** HTTP status of the delivery, or null when it was not delivered. */
  status: number | null;
}

/** An answer the handlers throw to leave early; the server turns it into the error envelope. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const fail = (status: number, message: string): never => {
  throw new ApiError(status, message);
};

const hex32 = () => randomBytes(16).toString('hex');
const cents = (value: number) => String(value);
/** `"2026-11-22 14:05:09"`, UTC, as the document shows. */
const issuerDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** A string of cents: digits only, no sign, no decimals, no leading zero, not zero. */
function amountCents(value: unknown, field: string): number {
  if (typeof value !== 'string') return fail(400, `${field} must be a string of cents`);
  if (!/^[1-9]\d{0,14}$/.test(value)) return fail(400, `${field} must be a positive whole number of cents`);
  return Number(value);
}

function text(body: Json, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') return fail(400, `${field} is required`);
  return value;
}

function object(body: Json, field: string): Json {
  const value = body[field];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(400, `${field} is required`);
  return value as Json;
}

function exact(body: Json, field: string, expected: string) {
  if (body[field] !== expected) fail(400, `${field} must be "${expected}"`);
}

/** A Mastercard number (BIN 531993) whose last digit makes the Luhn sum a multiple of 10. */
function mastercardNumber(): string {
  let digits = '531993';
  while (digits.length < 15) digits += String(randomInt(10));
  let sum = 0;
  // Walking right to left from the digit before the check digit, every first one is doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let digit = Number(digits[i]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits + String((10 - (sum % 10)) % 10);
}

/**
 * Decrypts the OpenSSL "Salted__" format: base64("Salted__" + salt[8] + ciphertext), key and IV from
 * EVP_BytesToKey (MD5, one round: D_i = MD5(D_{i-1} + password + salt)), AES-256-CBC, PKCS#7.
 * Answers null for anything that isn't exactly that.
 */
function decryptOpenSsl(encrypted: string, password: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encrypted)) return null;
  const raw = Buffer.from(encrypted, 'base64');
  if (raw.length < 32 || raw.subarray(0, 8).toString('latin1') !== 'Salted__') return null;
  const salt = raw.subarray(8, 16);
  const ciphertext = raw.subarray(16);
  if (ciphertext.length % 16 !== 0) return null;
  let derived = Buffer.alloc(0);
  let block = Buffer.alloc(0);
  while (derived.length < 48) {
    block = createHash('md5')
      .update(Buffer.concat([block, Buffer.from(password, 'utf8'), salt]))
      .digest();
    derived = Buffer.concat([derived, block]);
  }
  try {
    const decipher = createDecipheriv('aes-256-cbc', derived.subarray(0, 32), derived.subarray(32, 48));
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return null; // wrong key or broken padding
  }
}

export async function startFakeBridgecard(options: FakeBridgecardOptions) {
  const now = options.now ?? (() => new Date());
  let windowSeconds = options.windowSeconds ?? 300;
  let webhookUrl: string | null = null;
  const cardholders = new Map<string, FakeCardholder>();
  const cards = new Map<string, FakeCard>();
  /** Funds and unloads by our transaction_reference (one namespace for both, as the idempotency key). */
  const operations = new Map<string, FakeOperation>();
  /** create_card's transaction_reference → card_id. */
  const creations = new Map<string, string>();
  /** Successful purchases by their issuer reference, for reverse(). */
  const purchases = new Map<string, { card_id: string; amountCents: number; reversed: boolean }>();
  const requests: FakeRequest[] = [];
  const webhooks: FakeWebhook[] = [];
  const verificationPlans: VerificationPlan[] = [];
  /** Decisions scheduled and not yet sent, so a test can wait for them. */
  const decisions = new Set<Promise<void>>();
  const failures: Array<{ status: number; message?: string } | 'hang'> = [];

  const pin = (encrypted: unknown, field: string): string => {
    if (typeof encrypted !== 'string' || encrypted === '') return fail(400, `${field} is required`);
    const plain = decryptOpenSsl(encrypted, options.secretKey);
    if (plain === null) return fail(400, `${field} could not be decrypted with the secret key`);
    if (!/^\d{4}$/.test(plain)) return fail(400, `${field} must be a 4-digit PIN`);
    return plain;
  };

  const card = (id: unknown): FakeCard => {
    if (typeof id !== 'string' || id === '') return fail(400, 'card_id is required');
    return cards.get(id) ?? fail(400, `Invalid card_id: no card ${id}`);
  };

  const liveCard = (id: unknown): FakeCard => {
    const found = card(id);
    if (found.is_deleted) fail(400, 'This card has been deleted');
    return found;
  };

  const balances = (c: FakeCard) => ({
    available: cents(c.bookCents - c.reservedCents),
    book: cents(c.bookCents),
  });

  const record = (c: FakeCard, entry: Omit<FakeTransaction, 'card_id' | 'currency' | 'transaction_date'>) => {
    const transaction: FakeTransaction = {
      card_id: c.card_id,
      currency: 'USD',
      transaction_date: issuerDate(now()),
      ...entry,
    };
    c.transactions.push(transaction);
    return transaction;
  };

  const noMerchant: FakeTransaction['enriched_data'] = {
    is_recurring: null,
    merchant_city: null,
    merchant_code: null,
    merchant_logo: null,
    merchant_name: null,
    merchant_website: null,
    transaction_category: null,
    transaction_group: null,
  };

  /** Fund and unload share everything but the balance check. */
  const moveMoney = (kind: 'fund' | 'unload', body: Json) => {
    const cardId = text(body, 'card_id');
    const amount = amountCents(body.amount, 'amount');
    const reference = text(body, 'transaction_reference');
    exact(body, 'currency', 'USD');
    // The reference is the idempotency key: a repeat answers the first result and moves nothing.
    const seen = operations.get(reference);
    if (seen) return { status: 202, data: { card_id: seen.card_id, transaction_reference: reference } };
    const c = liveCard(cardId);
    // A freeze stops spending and funding; money can still be taken off a frozen card (to close it, say).
    if (kind === 'fund' && !c.is_active) fail(400, 'This card is not active (frozen)');
    const at = now();
    if (c.lastMoveAt) {
      const waitMs = c.lastMoveAt.getTime() + windowSeconds * 1000 - at.getTime();
      if (waitMs > 0) {
        const wait = Math.ceil(waitMs / 1000);
        const span = windowSeconds % 60 === 0 ? `${windowSeconds / 60} minutes` : `${windowSeconds} seconds`;
        throw new ApiError(
          429,
          `This card can only be funded or unloaded once every ${span}. Try again in ${wait} seconds.`,
          { 'retry-after': String(wait) },
        );
      }
    }
    if (kind === 'unload') {
      const available = c.bookCents - c.reservedCents;
      if (amount > available) fail(400, `Insufficient card balance: available ${available}, requested ${amount}`);
      c.reservedCents += amount;
    }
    c.lastMoveAt = at;
    operations.set(reference, {
      reference,
      kind,
      card_id: c.card_id,
      amountCents: amount,
      status: 'PENDING',
      acceptedAt: at,
    });
    return { status: 202, data: { card_id: c.card_id, transaction_reference: reference } };
  };

  type Handler = (input: { query: Record<string, string>; body: Json }) => { status?: number; data: Json };
  const routes: Record<string, Handler> = {
    // Accepted at once; the identity decision follows by webhook (scheduleDecision).
    'POST /cardholder/register_cardholder': ({ body }) => {
      requiredFields(body, '', ['first_name', 'last_name', 'phone', 'email_address']);
      const address = object(body, 'address');
      requiredFields(address, 'address.', ['address', 'city', 'state', 'country', 'postal_code', 'house_no']);
      const email = text(body, 'email_address');
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) fail(400, 'email_address is not an email address');
      const identity = object(body, 'identity');
      requiredFields(identity, 'identity.', ['id_type', 'id_no']);
      const meta = object(body, 'meta_data');
      if (typeof meta.user_id !== 'string' || meta.user_id === '') fail(400, 'meta_data.user_id is required');
      const id = hex32();
      cardholders.set(id, {
        cardholder_id: id,
        first_name: text(body, 'first_name'),
        last_name: text(body, 'last_name'),
        email_address: email,
        phone: text(body, 'phone'),
        is_active: true,
        is_id_verified: false,
        registration: body,
      });
      scheduleDecision(id);
      return {
        status: 201,
        data: { cardholder_id: id },
      };
    },

    'GET /cardholder/get_cardholder': ({ query }) => {
      const id = query.cardholder_id ?? fail(400, 'cardholder_id is required');
      const holder = cardholders.get(id) ?? fail(400, `Invalid cardholder_id: no cardholder ${id}`);
      const { registration: _registration, phone: _phone, ...data } = holder;
      return { data };
    },

    'POST /cards/create_card': ({ body }) => {
      const holderId = text(body, 'cardholder_id');
      exact(body, 'card_type', 'virtual');
      exact(body, 'card_brand', 'Mastercard');
      exact(body, 'card_currency', 'USD');
      if (body.card_limit !== undefined) amountCents(body.card_limit, 'card_limit');
      const plainPin = pin(body.pin, 'pin');
      const reference = text(body, 'transaction_reference');
      const existing = creations.get(reference);
      if (existing) return { status: 201, data: { card_id: existing, currency: 'USD' } };
      const holder = cardholders.get(holderId) ?? fail(400, `Invalid cardholder_id: no cardholder ${holderId}`);
      if (!holder.is_active) fail(400, 'This cardholder is not active');
      if (!holder.is_id_verified) fail(400, 'This cardholder has not passed identity verification');
      const number = mastercardNumber();
      const id = hex32();
      cards.set(id, {
        card_id: id,
        cardholder_id: holderId,
        card_number: number,
        cvv: String(randomInt(1000)).padStart(3, '0'),
        expiry_month: String(randomInt(1, 13)).padStart(2, '0'),
        expiry_year: String(now().getUTCFullYear() + 3),
        card_name: `${holder.first_name} ${holder.last_name}`,
        last_4: number.slice(-4),
        is_active: true,
        is_deleted: false,
        pin: plainPin,
        card_limit: typeof body.card_limit === 'string' ? body.card_limit : null,
        meta_data: body.meta_data ?? null,
        bookCents: 0,
        reservedCents: 0,
        lastMoveAt: null,
        transactions: [],
      });
      creations.set(reference, id);
      return { status: 201, data: { card_id: id, currency: 'USD' } };
    },

    // The fake plays the secure relay: number, CVV and expiry come back in the clear.
    'GET /cards/get_card_details': ({ query }) => {
      const c = card(query.card_id);
      const { available, book } = balances(c);
      return {
        data: {
          card_id: c.card_id,
          card_number: c.card_number,
          cvv: c.cvv,
          expiry_month: c.expiry_month,
          expiry_year: c.expiry_year,
          card_name: c.card_name,
          brand: 'Mastercard',
          card_currency: 'USD',
          last_4: c.last_4,
          is_active: c.is_active,
          is_deleted: c.is_deleted,
          balance: available,
          available_balance: available,
          book_balance: book,
          pin_3ds_activated: true,
          cardholder_id: c.cardholder_id,
        },
      };
    },

    'GET /cards/get_card_balance': ({ query }) => {
      const c = card(query.card_id);
      const { available, book } = balances(c);
      return {
        data: {
          card_id: c.card_id,
          balance: available,
          settled_available_balance: available,
          settled_book_balance: book,
        },
      };
    },

    'PATCH /cards/fund_card_asynchronously': ({ body }) => moveMoney('fund', body),
    'PATCH /cards/unload_card_asynchronously': ({ body }) => moveMoney('unload', body),

    'GET /cards/get_card_transaction_status': ({ query }) => {
      const c = card(query.card_id);
      const reference = query.client_transaction_reference ?? fail(400, 'client_transaction_reference is required');
      const operation = operations.get(reference);
      if (!operation || operation.card_id !== c.card_id) return fail(404, `No transaction ${reference} on this card`);
      return {
        data: { card_id: c.card_id, client_transaction_reference: reference, transaction_status: operation.status },
      };
    },

    'PATCH /cards/freeze_card': ({ query }) => {
      const c = liveCard(query.card_id);
      c.is_active = false;
      return { data: { card_id: c.card_id } };
    },

    'PATCH /cards/unfreeze_card': ({ query }) => {
      const c = liveCard(query.card_id);
      c.is_active = true;
      return { data: { card_id: c.card_id } };
    },

    'POST /cards/update_card_pin': ({ body }) => {
      const c = liveCard(body.card_id);
      c.pin = pin(body.card_pin, 'card_pin');
      return { data: { card_id: c.card_id } };
    },

    'GET /cards/get_card_transactions': ({ query }) => {
      const c = card(query.card_id);
      const pageText = query.page ?? '1';
      if (!/^[1-9]\d*$/.test(pageText)) fail(400, 'page must be a positive whole number');
      const page = Number(pageText);
      const total = c.transactions.length;
      const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
      const newestFirst = [...c.transactions].reverse();
      return {
        data: {
          transactions: newestFirst.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
          meta: { total, pages, previous: page > 1 ? page - 1 : null, next: page < pages ? page + 1 : null },
        },
      };
    },
  };

  /** The one route with the id in its path. */
  const deleteCard = (cardId: string) => {
    const c = liveCard(cardId);
    if (c.bookCents > 0) fail(400, `Unload the card's balance (${c.bookCents}) before deleting it`);
    const pending = [...operations.values()].some((op) => op.card_id === c.card_id && op.status === 'PENDING');
    if (pending) fail(400, 'This card has a fund or unload still pending');
    c.is_deleted = true;
    c.is_active = false;
    return { data: { card_id: c.card_id } };
  };

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      request.on('data', (chunk) => {
        data += chunk;
      });
      request.on('end', () => resolve(data));
    });

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://fake.local');
    if (!url.pathname.startsWith(`${PREFIX}/`)) return reply(404, { status: 'error', message: 'Not found' });
    if (request.headers.token !== `Bearer ${options.accessToken}`) {
      return reply(401, { status: 'error', message: 'Invalid or missing token' });
    }

    let body: Json | null = null;
    let badBody: string | null = null;
    if (raw !== '') {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Json;
        else badBody = 'The body must be a JSON object';
      } catch {
        badBody = 'The body is not valid JSON';
      }
      if (!String(request.headers['content-type']).includes('application/json')) {
        badBody = 'content-type must be application/json';
      }
    }
    const method = request.method ?? 'GET';
    const path = url.pathname.slice(PREFIX.length);
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method, path, query, body, headers: request.headers });

    // Scripted failures come after the log, so a test can count the attempts that met them.
    const failure = failures.shift();
    if (failure === 'hang') return; // never answered; close() cuts the connection
    if (failure) return reply(failure.status, { status: 'error', message: failure.message ?? 'Scripted failure' });
    if (badBody) return reply(400, { status: 'error', message: badBody });

    try {
      const deletion = path.match(/^\/cards\/delete_card\/([^/]+)$/);
      let result: { status?: number; data: Json };
      if (deletion) {
        if (method !== 'DELETE') return reply(405, { status: 'error', message: `${method} not allowed on ${path}` });
        result = deleteCard(decodeURIComponent(deletion[1] ?? ''));
      } else {
        const handler = routes[`${method} ${path}`];
        if (!handler) {
          const known = Object.keys(routes).some((key) => key.endsWith(` ${path}`));
          return known
            ? reply(405, { status: 'error', message: `${method} not allowed on ${path}` })
            : reply(404, { status: 'error', message: `Unknown endpoint ${path}` });
        }
        result = handler({ query, body: body ?? {} });
      }
      return reply(result.status ?? 200, { status: 'success', message: 'Request successful', data: result.data });
    } catch (error) {
      if (error instanceof ApiError)
        return reply(error.status, { status: 'error', message: error.message }, error.headers);
      return reply(500, { status: 'error', message: `Fake crashed: ${String(error)}` });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** Lower-case hex HMAC-SHA256 of the raw body with the webhook secret (decision 007). */
  const signWebhook = (rawBody: string) => createHmac('sha256', options.webhookSecret).update(rawBody).digest('hex');

  /** POSTs a signed `{event, data}`; answers the delivery's Response, or null without a URL or on a network error. */
  const sendEvent = async (event: string, data: Json, deliver = true): Promise<Response | null> => {
    const rawBody = JSON.stringify({ event, data });
    const entry: FakeWebhook = { event, data, rawBody, signature: signWebhook(rawBody), status: null };
    webhooks.push(entry);
    if (!deliver || !webhookUrl) return null;
    try {
      const delivery = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-signature': entry.signature },
        body: rawBody,
      });
      entry.status = delivery.status;
      return delivery;
    } catch {
      return null;
    }
  };

  /** The issuer's KYC "moments later": decides a registration as planned and tells the app, maybe twice. */
  function scheduleDecision(cardholderId: string) {
    const plan = verificationPlans.shift() ?? { outcome: 'successful' };
    const decided = new Promise<void>((resolve) => {
      setTimeout(async () => {
        const holder = cardholders.get(cardholderId);
        const data: Json = {
          cardholder_id: cardholderId,
          is_active: true,
          livemode: false,
          issuing_app_id: 'fake-app',
        };
        if (plan.manualReviewFirst) await sendEvent('cardholder_verification.manual_review', data);
        if (holder) holder.is_id_verified = plan.outcome === 'successful';
        if (plan.outcome === 'failed') {
          data.error_description = plan.reason ?? 'The user failed our KYC verification';
          if (plan.needsMoreInformation) data.needs_more_information = true;
        }
        for (let i = 0; i < (plan.deliveries ?? 1); i++)
          await sendEvent(`cardholder_verification.${plan.outcome}`, data);
        resolve();
      }, options.verificationDelayMs ?? 20);
    });
    decisions.add(decided);
    void decided.then(() => decisions.delete(decided));
  }

  /** For the test controls: a wrong id is a bug in the test, not an API answer. */
  const cardOf = (id: string) => {
    const found = cards.get(id);
    if (!found) throw new Error(`fake-bridgecard: no card ${id}`);
    return found;
  };

  return {
    /** The base URL to give the adapter. */
    url: `http://127.0.0.1:${port}${PREFIX}`,
    requests,
    /** Every webhook built, delivered or not, in order. */
    webhooks,
    cardholders,
    cards,
    operations,
    signWebhook,
    sendEvent: (event: string, data: Json) => sendEvent(event, data),
    setWebhookUrl(url: string | null) {
      webhookUrl = url;
    },
    setWindow(seconds: number) {
      windowSeconds = seconds;
    },
    /** How the next registration is decided (each plan is used once, in order). */
    planVerification(plan: VerificationPlan) {
      verificationPlans.push(plan);
    },
    /** Waits until every identity decision scheduled so far has been sent. */
    async decisionsSent() {
      while (decisions.size > 0) await Promise.all([...decisions]);
    },
    /** The next `count` authenticated calls answer that status (or never answer). */
    failNext(count: number, how: { status: number; message?: string } | 'hang') {
      for (let i = 0; i < count; i++) failures.push(how);
    },

    /**
     * Ends a pending fund or unload as the issuer would, then sends its webhook; `deliver: false` changes the
     * state without sending (the lost webhook).
     */
    async completeOperation(
      reference: string,
      outcome: 'successful' | 'failed',
      opts: { deliver?: boolean; reason?: string } = {},
    ): Promise<Response | null> {
      const operation = operations.get(reference);
      if (!operation) throw new Error(`fake-bridgecard: no operation ${reference}`);
      if (operation.status !== 'PENDING') throw new Error(`fake-bridgecard: ${reference} already ${operation.status}`);
      const c = cardOf(operation.card_id);
      if (operation.kind === 'unload') c.reservedCents -= operation.amountCents;
      operation.status = outcome === 'successful' ? 'SUCCESSFUL' : 'FAILED';
      if (outcome === 'successful') {
        c.bookCents += operation.kind === 'fund' ? operation.amountCents : -operation.amountCents;
        record(c, {
          amount: cents(operation.amountCents),
          card_transaction_type: operation.kind === 'fund' ? 'CREDIT' : 'DEBIT',
          description: operation.kind === 'fund' ? 'Card funding' : 'Card unload',
          client_transaction_reference: reference,
          bridgecard_transaction_reference: hex32(),
          enriched_data: { ...noMerchant },
        });
      }
      const event = `${operation.kind === 'fund' ? 'card_credit_event' : 'card_unload_event'}.${outcome}`;
      const data: Json = {
        card_id: c.card_id,
        cardholder_id: c.cardholder_id,
        amount: cents(operation.amountCents),
        currency: 'USD',
        transaction_reference: reference,
      };
      if (outcome === 'failed') data.reason = opts.reason ?? 'The issuer could not complete the transaction';
      return sendEvent(event, data, opts.deliver ?? true);
    },

    /** A card payment at a merchant: declined (no reference) or debited with a fresh issuer reference. */
    async purchase(
      cardId: string,
      amount: number,
      merchant: FakeMerchant = {
        name: 'Test Merchant',
        category: 'Shopping',
        group: 'Online',
        logo: 'https://logo.fake-merchant.test/logo.png',
        recurring: false,
        description: 'TEST MERCHANT PURCHASE',
      },
    ): Promise<{ reference: string | null; response: Response | null }> {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`fake-bridgecard: bad amount ${amount}`);
      const c = cardOf(cardId);
      const date = issuerDate(now());
      const available = c.bookCents - c.reservedCents;
      const declineReason = c.is_deleted
        ? 'Card has been deleted'
        : !c.is_active
          ? 'Card is frozen'
          : amount > available
            ? 'Insufficient funds'
            : null;
      const common = {
        card_id: c.card_id,
        cardholder_id: c.cardholder_id,
        amount: cents(amount),
        currency: 'USD',
        description: merchant.description,
        transaction_date: date,
      };
      if (declineReason) {
        const response = await sendEvent('card_debit_event.declined', { ...common, decline_reason: declineReason });
        return { reference: null, response };
      }
      const reference = hex32();
      c.bookCents -= amount;
      purchases.set(reference, { card_id: c.card_id, amountCents: amount, reversed: false });
      record(c, {
        amount: cents(amount),
        card_transaction_type: 'DEBIT',
        description: merchant.description,
        client_transaction_reference: null,
        bridgecard_transaction_reference: reference,
        enriched_data: {
          is_recurring: merchant.recurring,
          merchant_city: merchant.city ?? null,
          merchant_code: merchant.code ?? '5999',
          merchant_logo: merchant.logo,
          merchant_name: merchant.name,
          merchant_website: merchant.website ?? null,
          transaction_category: merchant.category,
          transaction_group: merchant.group,
        },
      });
      const response = await sendEvent('card_debit_event.successful', {
        ...common,
        transaction_reference: reference,
        card_transaction_type: 'DEBIT',
        merchant_category_code: merchant.code ?? '5999',
      });
      return { reference, response };
    },

    /** Refunds a successful purchase in full: a CREDIT and `card_reversal_event.successful`. */
    async reverse(reference: string): Promise<Response | null> {
      const purchase = purchases.get(reference);
      if (!purchase) throw new Error(`fake-bridgecard: no purchase ${reference}`);
      if (purchase.reversed) throw new Error(`fake-bridgecard: ${reference} already reversed`);
      purchase.reversed = true;
      const c = cardOf(purchase.card_id);
      c.bookCents += purchase.amountCents;
      const reversal = `${reference}_REVERSAL`;
      record(c, {
        amount: cents(purchase.amountCents),
        card_transaction_type: 'CREDIT',
        description: 'Reversal',
        client_transaction_reference: null,
        bridgecard_transaction_reference: reversal,
        enriched_data: { ...noMerchant },
      });
      return sendEvent('card_reversal_event.successful', {
        card_id: c.card_id,
        cardholder_id: c.cardholder_id,
        amount: cents(purchase.amountCents),
        currency: 'USD',
        transaction_reference: reversal,
        card_transaction_type: 'CREDIT',
      });
    },

    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // including calls left hanging by failNext(…, 'hang')
      }),
  };
}

export type FakeBridgecard = Awaited<ReturnType<typeof startFakeBridgecard>>;
