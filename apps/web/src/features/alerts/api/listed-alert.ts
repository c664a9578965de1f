import { type Alert, type AlertsPage, alertSchema, alertsPageSchema } from '@coincard/shared';
import { z } from 'zod';

/**
 * An alert as this page reads it. A tab loaded before a release that adds a kind of alert keeps running the older
 * code: were the kind checked against this code's list, one new alert would fail the whole list until a reload. Its
 * title, text and link are written by the server, so an unknown kind is shown from them with a plain icon.
 */
export type ListedAlert = Omit<Alert, 'kind'> & { kind: string };
export type ListedAlertsPage = Omit<AlertsPage, 'items'> & { items: ListedAlert[] };

// Built where answers are checked, in development and the tests (lib/api-client.ts, ResponseCheck).
export const listedAlertSchema = import.meta.env.DEV && alertSchema.extend({ kind: z.string() });
export const listedAlertsPageSchema =
  import.meta.env.DEV && listedAlertSchema && alertsPageSchema.extend({ items: z.array(listedAlertSchema) });
