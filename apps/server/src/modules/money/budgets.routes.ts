import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AllocationInputSchema,
  AllocationResponseSchema,
  BUDGET_HEADING_LABELS,
  BudgetOverviewQuerySchema,
  BudgetOverviewSchema,
  ErrorBodySchema,
  IdParamsSchema,
  LineHistorySchema,
  MoneySettingsInputSchema,
  MoneySettingsSchema,
  TransferInputSchema,
  TransferResponseSchema,
  UNSPLIT_LINE_LABEL,
  UnitLinesQuerySchema,
  UnitLinesSchema,
  currentTenure,
} from '@cosa/contracts';
import { sendCsv, type CsvColumn } from '../../lib/csv-export';
import { currentUser } from '../../lib/current-user';
import { actorFactsOf } from '../clubs/unit-facts.service';
import { budgetOverview, budgetRows, lineHistory, unitLines } from './budgets.read';
import { allocate, passDown, presidentAbove, setPresidentAbove } from './budgets.service';
import { figuresOf } from './ledger';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};
const changeErrors = { ...errors, 409: ErrorBodySchema };

type BudgetRow = Awaited<ReturnType<typeof budgetRows>>[number];
const figures = (row: BudgetRow) => figuresOf(row);

const BUDGET_COLUMNS: readonly CsvColumn<BudgetRow>[] = [
  { header: 'Unit', value: (row) => row.unit_name },
  { header: 'Council', value: (row) => row.council ?? '' },
  {
    header: 'Heading',
    value: (row) => (row.heading ? BUDGET_HEADING_LABELS[row.heading] : UNSPLIT_LINE_LABEL),
  },
  { header: 'Allocated (INR)', value: (row) => figures(row).allocated.toFixed(2) },
  { header: 'Committed (INR)', value: (row) => figures(row).committed.toFixed(2) },
  { header: 'Paid (INR)', value: (row) => figures(row).paid.toFixed(2) },
  { header: 'Available (INR)', value: (row) => figures(row).available.toFixed(2) },
];

/** Budgets per tenure (decision 0040): the overview, allocations, money passed down, a line's ledger, the settings. */
export async function budgetsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest) => actorFactsOf(app.deps.db, currentUser(request));
  const timeZone = app.deps.config.TIME_ZONE;

  api.get(
    '/api/money/budgets',
    {
      schema: {
        tags: ['money'],
        summary:
          "A tenure's budgets the reader sees: each unit's lines with allocated, committed, paid and available",
        querystring: BudgetOverviewQuerySchema,
        response: { 200: BudgetOverviewSchema, ...errors },
      },
    },
    async (request) => budgetOverview(app.deps.db, await actorOf(request), request.query, timeZone),
  );

  api.get(
    '/api/money/budgets/export',
    {
      schema: {
        tags: ['money'],
        summary: 'The same budgets as CSV, one row a line',
        querystring: BudgetOverviewQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const tenure = request.query.tenureYear ?? currentTenure(new Date(), timeZone);
      let sent = false;
      const read = async () => {
        if (sent) return [];
        sent = true;
        return budgetRows(app.deps.db, actor, tenure, request.query.q);
      };
      return sendCsv(reply, `budgets-${tenure}`, read, BUDGET_COLUMNS, timeZone);
    },
  );

  api.post(
    '/api/money/allocations',
    {
      schema: {
        tags: ['money'],
        summary: "Add to a unit's budget line for a tenure (made when new), or reduce it",
        body: AllocationInputSchema,
        response: { 201: AllocationResponseSchema, ...changeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ line: await allocate(app.deps.db, await actorOf(request), request.body) }),
  );

  api.post(
    '/api/money/transfers',
    {
      schema: {
        tags: ['money'],
        summary: "Pass part of a council's line down to one of its clubs",
        body: TransferInputSchema,
        response: { 201: TransferResponseSchema, ...changeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await passDown(app.deps.db, await actorOf(request), request.body)),
  );

  api.get(
    '/api/money/lines/:id',
    {
      schema: {
        tags: ['money'],
        summary: 'A budget line and its ledger entries, newest first',
        params: IdParamsSchema,
        response: { 200: LineHistorySchema, ...errors },
      },
    },
    async (request) => lineHistory(app.deps.db, await actorOf(request), request.params.id),
  );

  api.get(
    '/api/money/units/:id/lines',
    {
      schema: {
        tags: ['money'],
        summary: "A unit's budget lines for a tenure, for those who file claims for it or see its money",
        params: IdParamsSchema,
        querystring: UnitLinesQuerySchema,
        response: { 200: UnitLinesSchema, ...errors },
      },
    },
    async (request) =>
      unitLines(
        app.deps.db,
        await actorOf(request),
        request.params.id,
        request.query.tenureYear,
        timeZone,
      ),
  );

  api.get(
    '/api/money/settings',
    {
      schema: {
        tags: ['money'],
        summary: 'The amount above which the president approves a claim after the general secretary',
        response: { 200: MoneySettingsSchema, ...errors },
      },
    },
    async () => ({ presidentAbove: await presidentAbove(app.deps.db) }),
  );

  api.put(
    '/api/money/settings',
    {
      schema: {
        tags: ['money'],
        summary: 'Set that amount (the institute administrator)',
        body: MoneySettingsInputSchema,
        response: { 200: MoneySettingsSchema, ...errors },
      },
    },
    async (request) => ({
      presidentAbove: await setPresidentAbove(app.deps.db, await actorOf(request), request.body),
    }),
  );
}
