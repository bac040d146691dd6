import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  ReportExportQuerySchema,
  ReportQuerySchema,
  TermReportSchema,
} from '@cosa/contracts';
import { sendCsv } from '../../lib/csv-export';
import { currentUser } from '../../lib/current-user';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { actorFactsOf } from '../clubs/unit-facts.service';
import { termReport, termReportTable } from './reports.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/** The term report (decision 0044): the whole report as JSON, and each chart's table as CSV. */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readerOf = (request: FastifyRequest) => actorFactsOf(app.deps.db, currentUser(request));
  // Reports computed (not those served again within the minute): 30 per reader in 10 minutes, so
  // that a stream of made-up periods cannot keep the database busy for everyone.
  const computations = attemptLimiter(app, [
    { name: 'term-report-user', limit: { max: 30, windowMs: 10 * 60_000 }, keyOf: byUser },
  ]);
  const counted = (request: FastifyRequest) => () => computations.hit(request);
  // Read per request: the period's days are the institute's, and its name heads the report.
  const settings = () => ({
    timeZone: app.deps.config.TIME_ZONE,
    instituteName: app.deps.config.INSTITUTE_NAME,
  });

  api.get(
    '/api/reports/term',
    {
      schema: {
        tags: ['reports'],
        summary:
          "The term report of a tenure or a range of days, within the reader's council or club: reach, concentration, events, feedback, reviews, budgets and elections; counts of 1 to 4 people are null",
        querystring: ReportQuerySchema,
        response: { 200: TermReportSchema, ...errors, 429: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (request) =>
      termReport(app.deps.db, await readerOf(request), request.query, settings(), {
        beforeComputing: counted(request),
      }),
  );

  api.get(
    '/api/reports/term/export',
    {
      schema: {
        tags: ['reports'],
        summary:
          "One chart's table of the term report as CSV, as the page shows it ('fewer than 5' for small groups)",
        querystring: ReportExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { name, table } = await termReportTable(
        app.deps.db,
        await readerOf(request),
        request.query,
        settings(),
        counted(request),
      );
      let sent = false;
      const read = async () => {
        if (sent) return [];
        sent = true;
        return table.rows;
      };
      return sendCsv(reply, name, read, table.columns, app.deps.config.TIME_ZONE);
    },
  );
}
