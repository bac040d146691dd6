import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BallotInputSchema,
  CandidateResponseSchema,
  ElectionChangeSchema,
  ElectionInputSchema,
  ElectionListSchema,
  ElectionPostParamsSchema,
  ElectionResponseSchema,
  IdParamsSchema,
  NominationDecisionSchema,
  NominationInputSchema,
  PostParamsSchema,
  PostResultsSchema,
  ReceiptResponseSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { sendCsv } from '../../lib/csv-export';
import { castBallot } from './ballots.service';
import { certifyElection } from './certification.service';
import { createElection } from './election-setup.service';
import { updateElection } from './election-edit.service';
import { electionDetail, listElections } from './elections.read';
import { decideNomination, fileNomination, withdrawNomination } from './nominations.service';
import { candidateNames, postResults } from './post-results.service';
import { publishedBallots } from './results.service';
import { changeErrors, readErrors } from './route-errors';

/** Council elections: set-up, nominations, the secret ballot, the count and certification. */
export async function electionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.db;

  api.get(
    '/api/elections',
    {
      schema: {
        tags: ['elections'],
        summary: 'Every election, the newest vote first, with where it stands',
        response: { 200: ElectionListSchema, ...readErrors },
      },
    },
    async () => ({ elections: await listElections(db()) }),
  );

  api.post(
    '/api/elections',
    {
      schema: {
        tags: ['elections'],
        summary: 'Set up an election: its windows, its officer and its posts (the administrator)',
        body: ElectionInputSchema,
        response: { 201: ElectionResponseSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      const election = await createElection(db(), currentUser(request), request.body);
      return reply.code(201).send({ election });
    },
  );

  api.get(
    '/api/elections/:id',
    {
      schema: {
        tags: ['elections'],
        summary:
          'An election as the signed-in person sees it: each post, whether they may stand and vote, and the candidates they may see',
        params: IdParamsSchema,
        response: { 200: ElectionResponseSchema, ...readErrors },
      },
    },
    async (request) => ({
      election: await electionDetail(db(), currentUser(request), request.params.id),
    }),
  );

  api.put(
    '/api/elections/:id',
    {
      schema: {
        tags: ['elections'],
        summary:
          'Change an election: its words and tenure until certified, each time until it passes, its posts until nominations open (the administrator or its officer; the officer by the administrator)',
        params: IdParamsSchema,
        body: ElectionChangeSchema,
        response: { 200: ElectionResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      election: await updateElection(
        db(),
        currentUser(request),
        request.params.id,
        request.body,
        app.deps.config.TIME_ZONE,
      ),
    }),
  );

  api.post(
    '/api/elections/:id/posts/:postId/nominations',
    {
      schema: {
        tags: ['elections'],
        summary: 'File one’s own nomination for a post, with a manifesto and the proposers it needs',
        params: ElectionPostParamsSchema,
        body: NominationInputSchema,
        response: { 201: CandidateResponseSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const { id, postId } = request.params;
      const candidate = await fileNomination(db(), currentUser(request), id, postId, request.body);
      return reply.code(201).send({ candidate });
    },
  );

  api.post(
    '/api/elections/nominations/:id/decision',
    {
      schema: {
        tags: ['elections'],
        summary: 'Accept a nomination, or reject it with a reason (the officer or the administrator)',
        params: IdParamsSchema,
        body: NominationDecisionSchema,
        response: { 200: CandidateResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      candidate: await decideNomination(db(), currentUser(request), request.params.id, request.body),
    }),
  );

  api.post(
    '/api/elections/nominations/:id/withdrawal',
    {
      schema: {
        tags: ['elections'],
        summary: 'Withdraw one’s own nomination, before voting opens',
        params: IdParamsSchema,
        response: { 200: CandidateResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      candidate: await withdrawNomination(db(), currentUser(request), request.params.id),
    }),
  );

  api.post(
    '/api/elections/posts/:postId/ballots',
    {
      schema: {
        tags: ['elections'],
        summary:
          'Cast a secret ballot for a post: its candidates ranked, most preferred first (none: none of the above); answers the receipt code, shown once',
        params: PostParamsSchema,
        body: BallotInputSchema,
        response: { 201: ReceiptResponseSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { receipt } = await castBallot(db(), user, request.params.postId, request.body.ranking);
      return reply.code(201).header('cache-control', 'no-store').send({ receipt });
    },
  );

  api.get(
    '/api/elections/posts/:postId/results',
    {
      schema: {
        tags: ['elections'],
        summary:
          'After the close: the count round by round, the turnout, and every ballot by receipt hash',
        params: PostParamsSchema,
        response: { 200: PostResultsSchema, ...changeErrors },
      },
    },
    async (request) => postResults(db(), request.params.postId),
  );

  api.get(
    '/api/elections/posts/:postId/ballots/export',
    {
      schema: {
        tags: ['elections'],
        summary:
          'After the close: every ballot of the post as CSV, by receipt hash, for anyone to recount',
        params: PostParamsSchema,
        response: changeErrors,
      },
    },
    async (request, reply) => {
      const ballots = await publishedBallots(db(), request.params.postId);
      const names = new Map(
        (await candidateNames(db(), request.params.postId)).map((c) => [c.id, c.name]),
      );
      const widest = Math.max(1, ...ballots.map((ballot) => ballot.ranking.length));
      type Row = (typeof ballots)[number];
      const columns = [
        { header: 'Receipt hash', value: (row: Row) => row.receiptHash },
        ...Array.from({ length: widest }, (_, i) => ({
          header: `Preference ${i + 1}`,
          value: (row: Row) => {
            const id = row.ranking[i];
            return id === undefined ? null : (names.get(id) ?? id);
          },
        })),
      ];
      let sent = false;
      const read = async () => {
        if (sent) return [];
        sent = true;
        return ballots;
      };
      return sendCsv(reply, 'ballots', read, columns, app.deps.config.TIME_ZONE);
    },
  );

  api.post(
    '/api/elections/:id/certification',
    {
      schema: {
        tags: ['elections'],
        summary:
          'Certify the result once the vote has closed: the winners become holders of their positions (the officer or the administrator)',
        params: IdParamsSchema,
        response: { 200: ElectionResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      election: await certifyElection(
        db(),
        currentUser(request),
        request.params.id,
        app.deps.config.TIME_ZONE,
      ),
    }),
  );
}
