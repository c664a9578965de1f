import { alertSchema, alertsPageSchema } from '@coincard/shared';
import { z } from 'zod';

/**
 * An alert as this page reads it. A tab loaded before a release that adds a kind of alert keeps running the older
 * code: were the kind checked against this code's list, one new alert would fail the whole list until a reload. Its
 * title, text and link are written by the server, so an unknown kind is shown from them with a plain icon.
 */
export const listedAlertSchema = alertSchema.extend({ kind: z.string() });
export type ListedAlert = z.infer<typeof listedAlertSchema>;

export const listedAlertsPageSchema = alertsPageSchema.extend({ items: z.array(listedAlertSchema) });
export type ListedAlertsPage = z.infer<typeof listedAlertsPageSchema>;
