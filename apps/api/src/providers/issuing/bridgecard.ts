import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type CircuitOptions, createCircuit, fetchThrough, OutageError } from '../../lib/circuit-breaker.js';
import { hmacSha256, safeEqual } from '../../lib/crypto.js';
import {
  type CardholderRegistration,
  type CardIssuer,
  IssuerError,
  type IssuerEvent,
  type IssuerTransaction,
  type OperationStatus,
} from './card-issuer.js';
import { encryptPin } from './pin-cipher.js';

export type BridgecardOptions = {
  /** e.g. https://issuecards.api.bridgecard.co/v1/issuing/sandbox, or the built-in sandbox's address. */
  baseUrl: string | (() => string);
  /** The issuer's secure relay, which answers card numbers and CVVs unencrypted; defaults to baseUrl. */
  secretsBaseUrl?: string | (() => string);
  accessToken: string;
  /** Encrypts PINs (docs/card-issuer-protocol.md). */
  secretKey: string;
  webhookSecret: string;
  name?: string;
  timeoutMs?: number;
  simulatorUrl?: (cardId: string) => string;
  circuit?: CircuitOptions;
};

/** The issuer's own page size for transactions. */
const ISSUER_PAGE_SIZE = 20;
const CARD_LIMIT_CENTS = '500000';

const cents = z
  .union([z.string(), z.number()])
  .transform(String)
  .refine((value) => /^-?\d{1,15}$/.test(value), 'not a whole number of cents')
  .transform(Number);

const envelopeSchema = z.object({ status: z.string().optional(), message: z.string().optional(), data: z.unknown() });

const cardDetailsSchema = z.object({
  card_id: z.string(),
  last_4: z.string(),
  card_name: z.string().nullish(),
  brand: z.string().nullish(),
  balance: cents,
  available_balance: cents.nullish(),
  is_active: z.boolean(),
  is_deleted: z.boolean().nullish(),
});

const secretsSchema = z.object({
  card_number: z.string(),
  cvv: z.string(),
  expiry_month: z.union([z.string(), z.number()]).transform(String),
  expiry_year: z.union([z.string(), z.number()]).transform(String),
});

const transactionSchema = z.object({
  amount: cents,
  card_transaction_type: z.string(),
  description: z.string().nullish(),
  currency: z.string().nullish(),
  transaction_date: z.string(),
  client_transaction_reference: z.string().nullish(),
  bridgecard_transaction_reference: z.string().nullish(),
  enriched_data: z
    .object({
      is_recurring: z.boolean().nullish(),
      merchant_logo: z.string().nullish(),
      merchant_name: z.string().nullish(),
      transaction_category: z.string().nullish(),
      transaction_group: z.string().nullish(),
    })
    .nullish(),
});

const transactionsPageSchema = z.object({
  transactions: z.array(transactionSchema),
  meta: z.object({ total: z.coerce.number().int().min(0), pages: z.coerce.number().int().min(0) }),
});

const webhookSchema = z.object({ event: z.string(), data: z.looseObject({}) });

/** "2026-11-22 14:05:09" is UTC at the issuer. */
function issuerDate(text: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

/** Bridgecard's identity types are named per country in its KYC table; ours go as the generic kind (decision 029). */
const ID_TYPE_NAMES: Record<CardholderRegistration['idType'], string> = {
  passport: 'PASSPORT',
  national_id: 'NATIONAL_ID',
  drivers_license: 'DRIVERS_LICENSE',
};

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * The issuer's address object: its examples name the country ("Nigeria") and ask for a house number apart; ours is
 * the leading number of the first line, else the second line, else the first line whole.
 */
function issuerAddress(address: CardholderRegistration['address']) {
  const number = address.line1.match(/^\s*(\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?)\b/)?.[1];
  return {
    address: address.line2 ? `${address.line1}, ${address.line2}` : address.line1,
    city: address.city,
    state: address.state ?? address.city,
    country: countryNames.of(address.country) ?? address.country,
    postal_code: address.postalCode,
    house_no: number ?? address.line2 ?? address.line1,
  };
}

function toTransaction(raw: z.infer<typeof transactionSchema>): IssuerTransaction {
  const enriched = raw.enriched_data;
  return {
    reference: raw.client_transaction_reference ?? raw.bridgecard_transaction_reference ?? '',
    clientReference: raw.client_transaction_reference ?? null,
    type: raw.card_transaction_type.toUpperCase() === 'CREDIT' ? 'credit' : 'debit',
    amountCents: Math.abs(raw.amount),
    currency: raw.currency ?? 'USD',
    description: raw.description ?? enriched?.merchant_name ?? 'Card transaction',
    date: issuerDate(raw.transaction_date),
    merchantName: enriched?.merchant_name ?? null,
    merchantLogo: enriched?.merchant_logo ?? null,
    category: enriched?.transaction_category ?? null,
    group: enriched?.transaction_group ?? null,
    isRecurring: enriched?.is_recurring ?? false,
  };
}

/** How a failed call is classified decides what happens to money in transit (card-issuer.ts). */
function classify(status: number, message: string, retryAfter: string | null): IssuerError {
  const waitSeconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
  if (status === 429 || /once every|too many|try again in/i.test(message)) {
    const fromText = message.match(/in (\d+) seconds?/i)?.[1];
    return new IssuerError('busy', message, waitSeconds ?? (fromText ? Number(fromText) : null));
  }
  if (status === 404) return new IssuerError('not-found', message);
  // A rejected token or a server fault says nothing about the operation itself: try again later.
  if (status === 401 || status === 403 || status >= 500) return new IssuerError('unavailable', message);
  return new IssuerError('refused', message);
}

const eventKeyOf = (name: string, parts: string[]) =>
  createHash('sha256')
    .update([name, ...parts].join('\n'))
    .digest('hex');

function toEvent(name: string, data: Record<string, unknown>, rawBody: string): { event: IssuerEvent; key: string } {
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : null);
  const amount = cents.safeParse(data.amount);
  const cardId = text('card_id');
  const reference = text('transaction_reference');
  const [family, outcome] = name.split('.');
  const other = { event: { kind: 'other', name, cardId } as IssuerEvent, key: eventKeyOf(name, [rawBody]) };
  if (family === 'cardholder_verification') return cardholderEvent(name, outcome, data) ?? other;
  if (!cardId || !amount.success || amount.data <= 0) return other;
  const amountCents = amount.data;
  if ((family === 'card_credit_event' || family === 'card_unload_event') && reference) {
    if (outcome !== 'successful' && outcome !== 'failed') return other;
    return {
      event: {
        kind: family === 'card_credit_event' ? 'fund' : 'unload',
        outcome,
        cardId,
        reference,
        amountCents,
        reason: text('reason'),
      },
      key: eventKeyOf(name, [cardId, reference]),
    };
  }
  if (family === 'card_debit_event' && outcome === 'successful' && reference) {
    return {
      event: {
        kind: 'debit',
        outcome,
        cardId,
        reference,
        amountCents,
        description: text('description') ?? 'Card purchase',
        reason: text('decline_reason'),
      },
      key: eventKeyOf(name, [cardId, reference]),
    };
  }
  if (family === 'card_debit_event' && outcome === 'declined') {
    // Bridgecard documents no reference on a decline: each delivery of one is keyed by its exact bytes, and that key
    // is the decline's reference, so a redelivered event is recorded once.
    const key = eventKeyOf(name, [rawBody]);
    return {
      event: {
        kind: 'decline',
        cardId,
        reference: reference ?? `decline:${key}`,
        amountCents,
        merchant: text('description') ?? 'Card purchase',
        category: text('merchant_category_code'),
        reason: text('decline_reason') ?? 'Declined by the card issuer',
        occurredAt: text('transaction_date') ? issuerDate(text('transaction_date') ?? '') : new Date(),
      },
      key: reference ? eventKeyOf(name, [cardId, reference]) : key,
    };
  }
  if (family === 'card_reversal_event' && reference) {
    return {
      event: { kind: 'reversal', cardId, reference, amountCents, description: text('description') ?? 'Refund' },
      key: eventKeyOf(name, [cardId, reference]),
    };
  }
  return other;
}

/**
 * `cardholder_verification.successful | failed | manual_review`. The documented failure carries `error_description`
 * (some integration guides show `reason`); `needs_more_information: true` on a failure is this app's protocol
 * extension, which only the sandbox sends (docs/card-issuer-protocol.md). One decision per cardholder and outcome.
 */
function cardholderEvent(
  name: string,
  outcome: string | undefined,
  data: Record<string, unknown>,
): { event: IssuerEvent; key: string } | null {
  const cardholderId = typeof data.cardholder_id === 'string' && data.cardholder_id ? data.cardholder_id : null;
  if (!cardholderId) return null;
  const said = [data.error_description, data.reason].find((value) => typeof value === 'string' && value.trim());
  const reason = typeof said === 'string' ? said.trim().slice(0, 500) : null;
  const decided =
    outcome === 'successful'
      ? 'approved'
      : outcome === 'failed'
        ? data.needs_more_information === true
          ? 'needs_more_information'
          : 'rejected'
        : outcome === 'manual_review'
          ? 'manual_review'
          : null;
  if (!decided) return null;
  return {
    event: { kind: 'cardholder', outcome: decided, cardholderId, reason: decided === 'approved' ? null : reason },
    key: eventKeyOf(name, [cardholderId]),
  };
}

/** The Bridgecard-compatible adapter: `token: Bearer` calls, cents as strings, zod-checked answers, signed webhooks. */
export function createBridgecardIssuer(options: BridgecardOptions): CardIssuer {
  const resolve = (url: string | (() => string)) => (typeof url === 'function' ? url() : url).replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const circuit = createCircuit(`the card issuer (${options.name ?? 'bridgecard'})`, options.circuit);

  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    init: { body?: Record<string, unknown>; query?: Record<string, string | number>; secrets?: boolean } = {},
  ): Promise<unknown> {
    const base = resolve(init.secrets && options.secretsBaseUrl ? options.secretsBaseUrl : options.baseUrl);
    const query = init.query
      ? `?${new URLSearchParams(Object.entries(init.query).map(([key, value]): [string, string] => [key, String(value)]))}`
      : '';
    let response: Response;
    try {
      response = await fetchThrough(circuit, `${base}${path}${query}`, {
        method,
        headers: {
          token: `Bearer ${options.accessToken}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (!(error instanceof OutageError)) throw error;
      throw new IssuerError('unavailable', 'The card issuer cannot be reached right now.');
    }
    const parsed = envelopeSchema.safeParse(await response.json().catch(() => null));
    const message =
      (parsed.success ? parsed.data.message : undefined) ?? `The card issuer answered ${response.status}.`;
    if (!response.ok) throw classify(response.status, message, response.headers.get('retry-after'));
    if (!parsed.success || (parsed.data.status && parsed.data.status !== 'success')) {
      throw new IssuerError('unavailable', 'The card issuer sent an answer we could not read.');
    }
    return parsed.data.data;
  }

  function read<T>(schema: z.ZodType<T>, data: unknown): T {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new IssuerError('unavailable', 'The card issuer sent an answer we could not read.');
    return parsed.data;
  }

  const issuer: CardIssuer = {
    name: options.name ?? 'bridgecard',

    async registerCardholder(input) {
      const data = await call('POST', '/cardholder/register_cardholder', {
        body: {
          first_name: input.firstName,
          last_name: input.lastName,
          address: issuerAddress(input.address),
          phone: input.phone,
          email_address: input.email,
          identity: {
            id_type: ID_TYPE_NAMES[input.idType],
            id_no: input.idNumber,
            id_country: input.idCountry,
            first_name: input.firstName,
            last_name: input.lastName,
            date_of_birth: input.dateOfBirth,
          },
          meta_data: { user_id: input.userId, verification_id: input.verificationId },
        },
      });
      return { cardholderId: read(z.object({ cardholder_id: z.string().min(1) }), data).cardholder_id };
    },

    async createCard({ cardholderId, reference, pin, userId }) {
      const data = await call('POST', '/cards/create_card', {
        body: {
          cardholder_id: cardholderId,
          card_type: 'virtual',
          card_brand: 'Mastercard',
          card_currency: 'USD',
          card_limit: CARD_LIMIT_CENTS,
          pin: encryptPin(pin, options.secretKey),
          transaction_reference: reference,
          meta_data: { user_id: userId, card_id: reference },
        },
      });
      return { cardId: read(z.object({ card_id: z.string().min(1) }), data).card_id };
    },

    async getCard(cardId) {
      const card = read(
        cardDetailsSchema,
        await call('GET', '/cards/get_card_details', { query: { card_id: cardId } }),
      );
      return {
        cardId: card.card_id,
        last4: card.last_4,
        holderName: card.card_name ?? '',
        brand: card.brand ?? 'Mastercard',
        balanceCents: card.balance,
        availableCents: card.available_balance ?? card.balance,
        isActive: card.is_active,
        isDeleted: card.is_deleted ?? false,
      };
    },

    async getCardSecrets(cardId) {
      const data = await call('GET', '/cards/get_card_details', { query: { card_id: cardId }, secrets: true });
      const secrets = read(secretsSchema, data);
      // Outside the secure relay the issuer answers tokens ("ev:..."), which must never reach a user as a number.
      if (!/^\d{12,19}$/.test(secrets.card_number) || !/^\d{3,4}$/.test(secrets.cvv)) {
        throw new IssuerError('unavailable', 'The card issuer answered encrypted card details.');
      }
      return {
        cardNumber: secrets.card_number,
        cvv: secrets.cvv,
        expiryMonth: secrets.expiry_month.padStart(2, '0'),
        expiryYear: secrets.expiry_year,
      };
    },

    async fundCard({ cardId, amountCents, reference }) {
      await call('PATCH', '/cards/fund_card_asynchronously', {
        body: { card_id: cardId, amount: String(amountCents), transaction_reference: reference, currency: 'USD' },
      });
    },

    async unloadCard({ cardId, amountCents, reference }) {
      await call('PATCH', '/cards/unload_card_asynchronously', {
        body: { card_id: cardId, amount: String(amountCents), transaction_reference: reference, currency: 'USD' },
      });
    },

    async operationStatus(cardId, reference): Promise<OperationStatus> {
      try {
        const data = await call('GET', '/cards/get_card_transaction_status', {
          query: { card_id: cardId, client_transaction_reference: reference },
        });
        const status = read(z.object({ transaction_status: z.string() }), data).transaction_status.toUpperCase();
        if (status === 'SUCCESSFUL') return 'successful';
        if (status === 'FAILED') return 'failed';
        return 'pending';
      } catch (error) {
        if (error instanceof IssuerError && error.kind === 'not-found') return 'unknown';
        throw error;
      }
    },

    async freezeCard(cardId) {
      await call('PATCH', '/cards/freeze_card', { query: { card_id: cardId } });
    },

    async unfreezeCard(cardId) {
      await call('PATCH', '/cards/unfreeze_card', { query: { card_id: cardId } });
    },

    async updatePin(cardId, pin) {
      await call('POST', '/cards/update_card_pin', {
        body: { card_id: cardId, card_pin: encryptPin(pin, options.secretKey) },
      });
    },

    async deleteCard(cardId) {
      await call('DELETE', `/cards/delete_card/${encodeURIComponent(cardId)}`);
    },

    async listTransactions(cardId, page, pageSize) {
      // Our page may straddle two of the issuer's pages; read what it needs, in order.
      const first = (page - 1) * pageSize;
      const collected: IssuerTransaction[] = [];
      let issuerPage = Math.floor(first / ISSUER_PAGE_SIZE) + 1;
      let skip = first % ISSUER_PAGE_SIZE;
      let total = 0;
      for (;;) {
        const data = read(
          transactionsPageSchema,
          await call('GET', '/cards/get_card_transactions', { query: { card_id: cardId, page: issuerPage } }),
        );
        total = data.meta.total;
        collected.push(...data.transactions.slice(skip).map(toTransaction));
        skip = 0;
        if (collected.length >= pageSize || issuerPage >= data.meta.pages || data.transactions.length === 0) break;
        issuerPage += 1;
      }
      return { transactions: collected.slice(0, pageSize), total, pages: Math.ceil(total / pageSize) };
    },

    verifyWebhook(rawBody, signature) {
      const expected = hmacSha256(options.webhookSecret, rawBody);
      if (!signature || !safeEqual(expected, signature.trim().toLowerCase())) {
        throw new IssuerError('signature', 'The webhook signature is invalid.');
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new IssuerError('signature', 'The webhook body is not JSON.');
      }
      const parsed = webhookSchema.safeParse(json);
      if (!parsed.success) throw new IssuerError('signature', 'The webhook body is not an issuer event.');
      const { event, key } = toEvent(parsed.data.event, parsed.data.data, rawBody);
      return { name: parsed.data.event, eventKey: key, event };
    },
  };
  if (options.simulatorUrl) issuer.simulatorUrl = options.simulatorUrl;
  return issuer;
}
