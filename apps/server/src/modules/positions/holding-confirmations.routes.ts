import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConfirmHoldingsRequestSchema,
  ConfirmHoldingsResultSchema,
  ErrorBodySchema,
  UnconfirmedHoldingListSchema,
  UnconfirmedHoldingQuerySchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { confirmHoldings, unconfirmedHoldings } from './holding-confirmations.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** Holdings recorded before the portal kept who verified them, and the administrator's confirmation (decision 0017). */
export async function holdingConfirmationsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/holding-confirmations',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Verified holdings with no verifier or appointer recorded (not signed as credentials until confirmed), and their units',
        querystring: UnconfirmedHoldingQuerySchema,
        response: { 200: UnconfirmedHoldingListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return unconfirmedHoldings(app.deps.db, currentUser(request), request.query);
    },
  );

  api.post(
    '/api/admin/holding-confirmations',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Confirm one such holding, or every one of a unit: the administrator is recorded as its verifier (audited), and its credential can be signed',
        body: ConfirmHoldingsRequestSchema,
        response: {
          200: ConfirmHoldingsResultSchema,
          ...errors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => confirmHoldings(app.deps.db, currentUser(request), request.body),
  );
}
