import type { IdType } from '@coincard/shared';

/**
 * The card issuer as the rest of the app sees it. One implementation speaks the Bridgecard protocol
 * (docs/card-issuer-protocol.md); the embedded default points it at the sandbox issuer served by the app itself.
 * Nothing outside providers/issuing knows which one runs.
 */

/**
 * A person to register as a cardholder, with the fields they gave in the verification step (decision 029). The
 * issuer verifies them and tells the outcome by webhook.
 */
export type CardholderRegistration = {
  /** Our user id and verification id: sent as meta data so the issuer's records point back to us. */
  userId: string;
  verificationId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  /** E.164. */
  phone: string;
  address: { line1: string; line2?: string; city: string; state?: string; postalCode: string; country: string };
  idType: IdType;
  idNumber: string;
  /** ISO 3166-1 alpha-2. */
  idCountry: string;
};

export type CreateCardInput = {
  cardholderId: string;
  /** Our card id: the issuer's transaction_reference, so asking twice creates one card. */
  reference: string;
  /** The 3DS PIN as four digits ("0007"). */
  pin: string;
  userId: string;
};

export type IssuerCard = {
  cardId: string;
  last4: string;
  /** The name embossed on the card. */
  holderName: string;
  brand: string;
  /** Cents the issuer holds for the card. */
  balanceCents: number;
  availableCents: number;
  isActive: boolean;
  isDeleted: boolean;
};

export type CardSecrets = { cardNumber: string; expiryMonth: string; expiryYear: string; cvv: string };

export type MoneyMovementInput = {
  cardId: string;
  amountCents: number;
  /** Our operation id: the issuer's idempotency key for this movement. */
  reference: string;
};

export type OperationStatus = 'pending' | 'successful' | 'failed' | 'unknown';

export type IssuerTransaction = {
  reference: string;
  /** Our reference, for funds and unloads we asked for; null for purchases and refunds at merchants. */
  clientReference: string | null;
  type: 'credit' | 'debit';
  amountCents: number;
  currency: string;
  description: string;
  date: Date;
  merchantName: string | null;
  merchantLogo: string | null;
  category: string | null;
  group: string | null;
  isRecurring: boolean;
};

export type IssuerTransactionsPage = { transactions: IssuerTransaction[]; total: number; pages: number };

/** A verified issuer webhook, reduced to what the app acts on. */
export type IssuerEvent =
  | {
      kind: 'fund' | 'unload';
      outcome: 'successful' | 'failed';
      cardId: string;
      reference: string;
      amountCents: number;
      reason: string | null;
    }
  | {
      kind: 'debit';
      outcome: 'successful';
      cardId: string;
      reference: string;
      amountCents: number;
      description: string;
      reason: string | null;
    }
  | {
      /** A purchase the issuer refused: moves no money, recorded for the owner with its reason. */
      kind: 'decline';
      cardId: string;
      /**
       * The issuer's reference when it sends one (the sandbox does); Bridgecard documents none for a decline, so
       * the adapter derives one from the exact bytes of the event: a redelivery is the same decline.
       */
      reference: string;
      amountCents: number;
      merchant: string;
      /** The merchant category code, when the issuer tells it. */
      category: string | null;
      reason: string;
      occurredAt: Date;
    }
  | { kind: 'reversal'; cardId: string; reference: string; amountCents: number; description: string }
  | {
      /** The issuer's decision on a cardholder's identity; `manual_review`: a person at the issuer looks first. */
      kind: 'cardholder';
      outcome: 'approved' | 'rejected' | 'needs_more_information' | 'manual_review';
      cardholderId: string;
      reason: string | null;
    }
  | { kind: 'other'; name: string; cardId: string | null };

export type VerifiedIssuerEvent = { name: string; eventKey: string; event: IssuerEvent };

export type CardIssuer = {
  /** Recorded beside stored events and operations: which issuer they belong to. */
  name: string;
  /** Accepted for verification: the cardholder exists at once, the decision arrives by webhook. */
  registerCardholder: (input: CardholderRegistration) => Promise<{ cardholderId: string }>;
  createCard: (input: CreateCardInput) => Promise<{ cardId: string }>;
  getCard: (cardId: string) => Promise<IssuerCard>;
  /** The full number, expiry and CVV: read on demand, never stored by the app. */
  getCardSecrets: (cardId: string) => Promise<CardSecrets>;
  /** Accepted for processing; the outcome arrives by webhook or through operationStatus. */
  fundCard: (input: MoneyMovementInput) => Promise<void>;
  unloadCard: (input: MoneyMovementInput) => Promise<void>;
  operationStatus: (cardId: string, reference: string) => Promise<OperationStatus>;
  freezeCard: (cardId: string) => Promise<void>;
  unfreezeCard: (cardId: string) => Promise<void>;
  updatePin: (cardId: string, pin: string) => Promise<void>;
  deleteCard: (cardId: string) => Promise<void>;
  /** Newest first; `pageSize` is ours (the issuer's own page size may differ). */
  listTransactions: (cardId: string, page: number, pageSize: number) => Promise<IssuerTransactionsPage>;
  /** Throws IssuerError('signature') unless the issuer signed these exact bytes. */
  verifyWebhook: (rawBody: string, signature: string | undefined) => VerifiedIssuerEvent;
  /** The sandbox's spend simulator for a card, only when the sandbox issuer runs. */
  simulatorUrl?: (cardId: string) => string;
};

/**
 * How an issuer call failed, so callers know what to do with money in transit:
 * - `busy`: refused for now (the per-card window, rate limits): retry later;
 * - `unavailable`: unreachable, timed out or a 5xx: the outcome is unknown, retry later;
 * - `refused`: a definite no (bad card, insufficient funds at the issuer): reverse;
 * - `not-found`: the issuer does not know the card or reference;
 * - `signature`: a webhook that the issuer did not sign.
 */
export type IssuerErrorKind = 'busy' | 'unavailable' | 'refused' | 'not-found' | 'signature';

export class IssuerError extends Error {
  constructor(
    readonly kind: IssuerErrorKind,
    message: string,
    /** Seconds the issuer asked us to wait, when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'IssuerError';
  }

  get isRetryable(): boolean {
    return this.kind === 'busy' || this.kind === 'unavailable';
  }
}
