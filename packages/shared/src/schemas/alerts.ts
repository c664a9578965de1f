import { z } from 'zod';
import { pageMetaSchema, paginationQuerySchema } from './common.js';

/** Everything the owner is told about, in the app and (by their choice) by e-mail (docs/decisions/032-alerts.md). */
export const ALERT_KINDS = [
  'card_purchase',
  'card_decline',
  'card_refund',
  'top_up_credited',
  'card_frozen_by_admin',
  'card_low_balance',
  'new_device_sign_in',
  'card_revealed',
  'card_unlocked',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * Security alerts always go by e-mail: someone who took over a session must not be able to switch off the mail that
 * would tell the owner (a sign-in from a new device, a card's details shown, a card blocked by support, a card
 * unfrozen or its spending controls loosened by its owner's session, which asks for no step-up: decision 033).
 */
export const ALWAYS_MAILED_ALERTS: readonly AlertKind[] = [
  'new_device_sign_in',
  'card_revealed',
  'card_frozen_by_admin',
  'card_unlocked',
];

/** Which alerts arrive by e-mail until the owner chooses: all but purchases, which the app lists anyway. */
export const DEFAULT_EMAIL_ALERTS: Record<AlertKind, boolean> = {
  card_purchase: false,
  card_decline: true,
  card_refund: true,
  top_up_credited: true,
  card_frozen_by_admin: true,
  card_low_balance: true,
  new_device_sign_in: true,
  card_revealed: true,
  card_unlocked: true,
};

/** A card's balance falling below this after a purchase raises a low-balance alert (once per crossing). */
export const LOW_CARD_BALANCE_CENTS = 500;

export const ALERTS_PAGE_SIZE = 20;

export const alertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where in the app it leads (a card's page, the dashboard, Profile Settings). */
  link: z.string().nullable(),
  cardId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertsQuerySchema = paginationQuerySchema.extend({
  pageSize: paginationQuerySchema.shape.pageSize
    .unwrap()
    .max(50, 'pageSize must be at most 50.')
    .default(ALERTS_PAGE_SIZE),
  unread: z
    .enum(['true', 'false'], { message: 'unread must be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
});
export type AlertsQuery = z.input<typeof alertsQuerySchema>;

export const alertsPageSchema = z.object({
  items: z.array(alertSchema),
  meta: pageMetaSchema,
  unread: z.number().int(),
});
export type AlertsPage = z.infer<typeof alertsPageSchema>;

export const unreadAlertsSchema = z.object({ unread: z.number().int() });
export type UnreadAlerts = z.infer<typeof unreadAlertsSchema>;

export const alertPreferencesSchema = z.object({
  email: z.object(
    Object.fromEntries(ALERT_KINDS.map((kind) => [kind, z.boolean()])) as Record<AlertKind, z.ZodBoolean>,
  ),
  /**
   * The kinds whose e-mail cannot be turned off. Any text, not this release's list of kinds: a page loaded before a
   * release that adds one must still read the answer (and `email` keeps only the kinds it knows, so it shows those).
   */
  alwaysMailed: z.array(z.string()),
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

/** PUT /api/alerts/preferences: any of the kinds, each on or off; unknown kinds are refused. */
export const alertPreferencesBodySchema = z.object({
  email: z
    .object(
      Object.fromEntries(
        ALERT_KINDS.map((kind) => [kind, z.boolean({ message: `${kind} must be true or false.` }).optional()]),
      ) as Record<AlertKind, z.ZodOptional<z.ZodBoolean>>,
    )
    .strict(),
});
export type AlertPreferencesBody = z.infer<typeof alertPreferencesBodySchema>;

/**
 * What the live stream (GET /api/events, server-sent events) says: a hint that something changed, never the data
 * itself; the app refetches what it names. `ready` opens every connection (and reconnection): refetch everything.
 */
export type LiveEvent =
  | { type: 'alert'; id: string; kind: AlertKind }
  | { type: 'deposit'; orderId: string }
  | { type: 'card'; cardId: string };
export type LiveEventType = LiveEvent['type'] | 'ready';
