import { type SimulatorCard, simulatorPurchaseBodySchema, simulatorRefundBodySchema } from '@coincard/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeEqual } from '../../lib/crypto.js';
import { type SandboxBooks, SandboxRefusal } from './sandbox-books.js';
import { findMerchant, merchantLogoSvg, SANDBOX_MERCHANTS } from './sandbox-merchants.js';

const centsString = z.string().regex(/^[1-9]\d{0,9}$/, 'amount must be a string of cents, like "10000"');
const moveSchema = z.object({
  card_id: z.string().min(1),
  amount: centsString,
  transaction_reference: z.string().min(1).max(128),
  currency: z.literal('USD'),
});
const field = (name: string, max = 200) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`);
const cardholderSchema = z.object({
  first_name: field('first_name', 100),
  last_name: field('last_name', 100),
  email_address: z.email({ message: 'email_address is not an e-mail address' }),
  phone: field('phone', 40),
  address: z.object({
    address: field('address.address'),
    city: field('address.city'),
    state: field('address.state'),
    country: field('address.country'),
    postal_code: field('address.postal_code', 20),
    house_no: field('address.house_no'),
  }),
  identity: z.looseObject({ id_type: field('identity.id_type', 60), id_no: field('identity.id_no', 60) }),
  meta_data: z.record(z.string(), z.unknown()).default({}),
});
const createCardSchema = z.object({
  cardholder_id: z.string().min(1),
  card_type: z.literal('virtual'),
  card_brand: z.literal('Mastercard'),
  card_currency: z.literal('USD'),
  pin: z.string().min(1),
  transaction_reference: z.string().min(1).max(128),
});
const cardQuery = z.object({ card_id: z.string().min(1) });

const purchaseSchema = simulatorPurchaseBodySchema.refine((body) => findMerchant(body.merchant) !== undefined, {
  message: 'Choose one of the listed merchants.',
  path: ['merchant'],
});

const ok = (message: string, data: unknown) => ({ status: 'success', message, data });

/**
 * The sandbox card issuer, served by the app itself on the embedded default. It speaks the Bridgecard protocol
 * (docs/card-issuer-protocol.md) to the same adapter a live deployment uses, keeps its own books, completes funds
 * and unloads moments later and tells the app by signed webhook. Its spend simulator lets a tester make a card do
 * what a real card does: buy, be declined, be refunded.
 */
export function registerSandboxIssuerServer(
  app: FastifyInstance,
  options: { books: SandboxBooks; accessToken: string },
) {
  const { books } = options;

  const fail = (reply: FastifyReply, status: number, message: string, retryAfter: number | null = null) => {
    if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
    return reply.status(status).send({ status: 'error', message });
  };

  /** Runs a handler, answering the issuer's error envelope for refusals and bad input. */
  const handle =
    (run: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await run(request, reply);
      } catch (error) {
        if (error instanceof SandboxRefusal) return fail(reply, error.status, error.message, error.retryAfterSeconds);
        if (error instanceof z.ZodError) return fail(reply, 400, error.issues[0]?.message ?? 'Invalid request.');
        throw error;
      }
    };

  app.register(
    async (issuer) => {
      // The issuer's API is not ours to document: it stays out of /api/docs.
      issuer.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      issuer.addHook('onRequest', async (request, reply) => {
        const token = String(request.headers.token ?? '');
        if (!safeEqual(token, `Bearer ${options.accessToken}`)) return fail(reply, 401, 'Invalid or missing token.');
      });

      issuer.post(
        '/cardholder/register_cardholder',
        handle(async (request, reply) => {
          const body = cardholderSchema.parse(request.body);
          const id = await books.registerCardholder({
            firstName: body.first_name,
            lastName: body.last_name,
            email: body.email_address,
            phone: body.phone,
            address: body.address,
            identity: body.identity,
            metaData: body.meta_data,
          });
          reply.status(201);
          return ok(
            "cardholder created successfully, you'll receive a webhook event when this user's identity has been verified.",
            { cardholder_id: id },
          );
        }),
      );
      issuer.get(
        '/cardholder/get_cardholder',
        handle(async (request) => {
          const { cardholder_id: id } = z.object({ cardholder_id: z.string().min(1) }).parse(request.query);
          const holder = await books.getCardholder(id);
          return ok('cardholder details fetched successfully.', {
            cardholder_id: holder.id,
            first_name: holder.firstName,
            last_name: holder.lastName,
            email_address: holder.email,
            is_active: true,
            is_id_verified: holder.status === 'VERIFIED',
          });
        }),
      );
      issuer.post(
        '/cards/create_card',
        handle(async (request) => {
          const body = createCardSchema.parse(request.body);
          const cardId = await books.createCard({
            cardholderId: body.cardholder_id,
            encryptedPin: body.pin,
            reference: body.transaction_reference,
          });
          return ok('The Mastercard USD card was created successfully', { card_id: cardId, currency: 'USD' });
        }),
      );
      issuer.get(
        '/cards/get_card_details',
        handle(async (request) =>
          ok('Card details was fetched successfully', await books.cardDetails(cardQuery.parse(request.query).card_id)),
        ),
      );
      issuer.get(
        '/cards/get_card_balance',
        handle(async (request) =>
          ok('Card balance was fetched successfully', await books.cardBalance(cardQuery.parse(request.query).card_id)),
        ),
      );
      for (const kind of ['fund', 'unload'] as const) {
        issuer.patch(
          `/cards/${kind}_card_asynchronously`,
          handle(async (request) => {
            const body = moveSchema.parse(request.body);
            await books.acceptMove(kind, {
              cardId: body.card_id,
              amount: Number(body.amount),
              reference: body.transaction_reference,
            });
            return ok(kind === 'fund' ? 'Card funding in progress' : 'Card unloading in progress', {
              card_id: body.card_id,
              transaction_reference: body.transaction_reference,
            });
          }),
        );
      }
      issuer.get(
        '/cards/get_card_transaction_status',
        handle(async (request) => {
          const query = z
            .object({ card_id: z.string().min(1), client_transaction_reference: z.string().min(1) })
            .parse(request.query);
          const status = await books.operationStatus(query.card_id, query.client_transaction_reference);
          return ok('Transaction status fetched successfully', { transaction_status: status });
        }),
      );
      for (const [path, frozen] of [
        ['/cards/freeze_card', true],
        ['/cards/unfreeze_card', false],
      ] as const) {
        issuer.patch(
          path,
          handle(async (request) => {
            const { card_id: cardId } = cardQuery.parse(request.query);
            await books.setFrozen(cardId, frozen);
            return ok(frozen ? 'This card has been frozen successfully' : 'This card has been unfrozen successfully', {
              card_id: cardId,
            });
          }),
        );
      }
      issuer.post(
        '/cards/update_card_pin',
        handle(async (request) => {
          const body = z.object({ card_id: z.string().min(1), card_pin: z.string().min(1) }).parse(request.body);
          await books.updatePin(body.card_id, body.card_pin);
          return ok('Card PIN was updated successfully', { card_id: body.card_id });
        }),
      );
      issuer.get(
        '/cards/get_card_transactions',
        handle(async (request) => {
          const query = z
            .object({ card_id: z.string().min(1), page: z.coerce.number().int().min(1).max(100_000).default(1) })
            .parse(request.query);
          return ok(
            'Card transaction history was fetched successfully',
            await books.transactions(query.card_id, query.page),
          );
        }),
      );
      issuer.delete(
        '/cards/delete_card/:cardId',
        handle(async (request) => {
          const { cardId } = z.object({ cardId: z.string().min(1) }).parse(request.params);
          await books.deleteCard(cardId);
          return ok('The card was deleted successfully', { card_id: cardId });
        }),
      );
    },
    { prefix: '/sandbox/issuing/v1' },
  );

  /** The spend simulator's API, used by its page at /sandbox/cards/{cardId} (public, like a checkout page). */
  app.register(
    async (simulator) => {
      const notFound = (reply: FastifyReply) =>
        reply.status(404).send({ message: 'This card does not exist at the sandbox issuer.', errorCode: 'NotFound' });
      const asAppError = (reply: FastifyReply, error: unknown) => {
        if (error instanceof SandboxRefusal) {
          const errorCode = error.status === 404 ? 'NotFound' : 'ValidationError';
          return reply.status(error.status).send({ message: error.message, errorCode });
        }
        throw error;
      };
      const body = <T>(schema: z.ZodType<T>, request: FastifyRequest, reply: FastifyReply): T | null => {
        const parsed = schema.safeParse(request.body ?? {});
        if (parsed.success) return parsed.data;
        void reply
          .status(400)
          .send({ message: parsed.error.issues[0]?.message ?? 'Invalid request.', errorCode: 'ValidationError' });
        return null;
      };
      const cardIdOf = (request: FastifyRequest) => String((request.params as { cardId?: string }).cardId ?? '');

      simulator.get(
        '/simulator/cards/:cardId',
        { schema: { hide: true } },
        async (request, reply): Promise<SimulatorCard | FastifyReply> => {
          const view = /^[0-9a-f]{32}$/.test(cardIdOf(request)) ? await books.simulatorView(cardIdOf(request)) : null;
          if (!view) return notFound(reply);
          return {
            ...view,
            merchants: SANDBOX_MERCHANTS.map((merchant) => ({
              slug: merchant.slug,
              name: merchant.name,
              category: merchant.category,
            })),
          };
        },
      );
      simulator.post('/simulator/cards/:cardId/purchases', { schema: { hide: true } }, async (request, reply) => {
        const input = body(purchaseSchema, request, reply);
        if (!input) return reply;
        try {
          return await books.purchase(cardIdOf(request), {
            amount: input.amountCents,
            merchantSlug: input.merchant,
            recurring: input.recurring,
          });
        } catch (error) {
          return asAppError(reply, error);
        }
      });
      simulator.post('/simulator/cards/:cardId/refunds', { schema: { hide: true } }, async (request, reply) => {
        const input = body(simulatorRefundBodySchema, request, reply);
        if (!input) return reply;
        try {
          return { reference: await books.reverse(cardIdOf(request), input.reference) };
        } catch (error) {
          return asAppError(reply, error);
        }
      });
      simulator.get('/logos/:file', { schema: { hide: true } }, async (request, reply) => {
        const slug = String((request.params as { file?: string }).file ?? '').replace(/\.svg$/, '');
        const merchant = findMerchant(slug);
        if (!merchant?.hasLogo) return notFound(reply);
        return reply
          .header('content-type', 'image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          .send(merchantLogoSvg(merchant));
      });
    },
    { prefix: '/sandbox/issuing' },
  );
}
