import { z } from 'zod';
import { ALERT_KINDS, ALERTS_PAGE_SIZE, type AlertKind } from '../alert-kinds.js';
import { pageMetaSchema, paginationQuerySchema } from './common.js';

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
