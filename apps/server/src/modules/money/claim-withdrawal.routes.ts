import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClaimResponseSchema,
  ClaimWithdrawalSchema,
  ErrorBodySchema,
  IdParamsSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { actorFactsOf } from '../clubs/unit-facts.service';
import { withdrawClaim } from './claim-decisions.service';
import { claimDetail } from './claims.read';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** Withdrawing the approval of a claim the accounts office will not pay (decision 0040); the answer is the claim whole. */
export async function claimWithdrawalRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/money/claims/:id/withdrawal',
    {
      schema: {
        tags: ['money'],
        summary:
          'Withdraw the approval of an approved claim not yet paid, with the reason the filer and its approvers read: its commitment goes back to the line (the accounts office)',
        params: IdParamsSchema,
        body: ClaimWithdrawalSchema,
        response: { 200: ClaimResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await actorFactsOf(app.deps.db, currentUser(request));
      await withdrawClaim(app.deps.db, actor, request.params.id, request.body);
      return { claim: await claimDetail(app.deps.db, actor, request.params.id) };
    },
  );
}
