import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  ROLL_FILE_MESSAGES,
  ROLL_IMPORT_MAX_BYTES,
  RollDigestSchema,
  RollImportResultSchema,
  RollPreviewSchema,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../lib/current-user';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { rollFileTooLarge } from './roll-import.parse';
import { sendCsv } from '../../lib/csv-export';
import { REFUSED_ROW_COLUMNS } from './roll-import.refusals';
import { importRoll, previewRoll, refusedRollRows, type RollFile } from './roll-import.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  413: ErrorBodySchema,
  429: ErrorBodySchema,
};

/** Previews and imports an administrator may run: a busy afternoon of corrections, not a flood. */
const UPLOAD_LIMIT = { max: 120, windowMs: 60 * 60_000 };

const noFile = () =>
  AppError.badRequest(ROLL_FILE_MESSAGES.fileMissing, { file: ROLL_FILE_MESSAGES.fileMissing });
const wrongType = () =>
  AppError.badRequest(ROLL_FILE_MESSAGES.fileType, { file: ROLL_FILE_MESSAGES.fileType });

/** A name ending in another extension than .csv or .txt is not a CSV file (a name without one may be). */
const csvName = (name: string) => !/\.[A-Za-z0-9]{1,8}$/.test(name) || /\.(csv|txt)$/i.test(name);

/**
 * The multipart fields 'file' (the roll) and 'digest' (the preview's, for an import). A malformed
 * body is the client's mistake, 400; a file over the limit is 413.
 */
async function readUpload(request: FastifyRequest): Promise<{ file: RollFile; digest: string | null }> {
  if (!request.isMultipart()) throw noFile();
  let file: RollFile | null = null;
  let digest: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw rollFileTooLarge();
        if (part.fieldname === 'file' && !file) file = { name: part.filename, bytes };
      } else if (part.fieldname === 'digest' && typeof part.value === 'string') {
        digest = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw rollFileTooLarge();
    request.log.info({ reason: (error as Error).message }, 'unreadable multipart upload');
    throw noFile();
  }
  if (!file) throw noFile();
  if (!csvName(file.name)) throw wrongType();
  return { file, digest };
}

/** CSV import of the student roll (/admin/import): a preview that writes nothing, then the import of the same file. */
export async function rollImportRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, {
    limits: { fileSize: ROLL_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 256 },
  });
  const uploads = attemptLimiter(app, [
    { name: 'roll-import-user', limit: UPLOAD_LIMIT, keyOf: byUser },
  ]);
  const settings = () => ({ domain: app.deps.config.INSTITUTE_EMAIL_DOMAIN });

  api.post(
    '/api/admin/imports/preview',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Preview a student roll (multipart field "file": CSV, at most 10 MB and 50,000 rows): counts of new, changed, unchanged and refused rows, the first of each, refused rows counted by reason; nothing is written',
        consumes: ['multipart/form-data'],
        response: { 200: RollPreviewSchema, ...errors },
      },
    },
    async (request) => {
      currentUser(request);
      await uploads.hit(request);
      const { file } = await readUpload(request);
      return previewRoll(app.deps.db, settings(), file);
    },
  );

  api.post(
    '/api/admin/imports/refused',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every row of a student roll that its preview refuses, with the reasons, as CSV (multipart field "file", as for the preview); nothing is written',
        consumes: ['multipart/form-data'],
        response: errors,
      },
    },
    async (request, reply) => {
      currentUser(request);
      await uploads.hit(request);
      const { file } = await readUpload(request);
      const rows = await refusedRollRows(app.deps.db, settings(), file);
      // One page: the rows are already in memory, bounded by the file's limits.
      const read = async (after: unknown) => (after === null ? rows : []);
      return sendCsv(reply, 'refused-rows', read, REFUSED_ROW_COLUMNS, app.deps.config.TIME_ZONE);
    },
  );

  api.post(
    '/api/admin/imports',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Import a previewed student roll (multipart fields "file" and "digest" from its preview) in one transaction; refused rows are skipped',
        consumes: ['multipart/form-data'],
        response: { 200: RollImportResultSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await uploads.hit(request);
      const { file, digest } = await readUpload(request);
      const checked = RollDigestSchema.safeParse(digest ?? '');
      if (!checked.success)
        throw AppError.badRequest(ROLL_FILE_MESSAGES.digestMissing, {
          digest: ROLL_FILE_MESSAGES.digestMissing,
        });
      return importRoll(app.deps.db, actor.id, settings(), file, checked.data);
    },
  );
}
