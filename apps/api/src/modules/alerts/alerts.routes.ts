import {
  alertPreferencesBodySchema,
  alertPreferencesSchema,
  alertSchema,
  alertsPageSchema,
  alertsQuerySchema,
  unreadAlertsSchema,
} from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { principalOf, requireRole } from '../../plugins/authenticate.js';
import { readAlertPreferences, updateAlertPreferences } from './alert-preferences.js';
import { listAlerts, markAlertRead, markAllAlertsRead, unreadCount } from './alerts.service.js';

const tags = ['alerts'];

/** `/api/alerts`: the signed-in owner's alerts (the bell), read state, and which of them arrive by e-mail. */
export function alertRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const anyone = requireRole(deps, ['user', 'admin']);

    app.get(
      '/',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Your alerts, newest first (pages of 20 by default; unread=true for the unread ones)',
          querystring: alertsQuerySchema,
          response: { 200: alertsPageSchema },
        },
      },
      async (request) => listAlerts(deps, principalOf(request).user.id, request.query),
    );

    app.get(
      '/unread-count',
      {
        onRequest: anyone,
        schema: { tags, summary: 'How many alerts are unread', response: { 200: unreadAlertsSchema } },
      },
      async (request) => ({ unread: await unreadCount(deps.db, principalOf(request).user.id) }),
    );

    app.post(
      '/read-all',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Mark every alert read',
          response: { 200: z.object({ message: z.string(), marked: z.number().int() }) },
        },
      },
      async (request) => {
        const marked = await markAllAlertsRead(deps, principalOf(request).user.id);
        return { message: marked === 0 ? 'No unread alerts.' : 'Every alert is marked read.', marked };
      },
    );

    app.post(
      '/:id/read',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Mark one alert read',
          params: z.object({ id: z.string().max(100) }),
          response: { 200: alertSchema },
        },
      },
      async (request) => markAlertRead(deps, principalOf(request).user.id, request.params.id),
    );

    app.get(
      '/preferences',
      {
        onRequest: anyone,
        schema: { tags, summary: 'Which alerts arrive by e-mail', response: { 200: alertPreferencesSchema } },
      },
      async (request) => readAlertPreferences(deps, principalOf(request).user.id),
    );

    app.put(
      '/preferences',
      {
        onRequest: anyone,
        schema: {
          tags,
          summary: 'Choose which alerts arrive by e-mail (security alerts always do)',
          body: alertPreferencesBodySchema,
          response: { 200: alertPreferencesSchema },
        },
      },
      async (request) => updateAlertPreferences(deps, principalOf(request).user.id, request.body),
    );
  };
}
