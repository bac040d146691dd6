import { sql } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { DEFAULT_TIME_ZONE, RETENTION } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notifyPerson } from '../notifications/notify.service';
import { ACTIVITY_SECTIONS } from './data-export-activity';
import { ownedFilesOf } from './data-export-files';
import { csvOf, readmeOf, type ReadSection } from './data-export-format';
import { PORTAL_RECORD_SECTIONS } from './data-export-records';
import { RECORD_SECTIONS, type SectionDefinition } from './data-export-sections';

/** Every part of a student's copy, in the order data.json and the README list them. */
const DATA_EXPORT_SECTIONS: readonly SectionDefinition[] = [
  ...RECORD_SECTIONS,
  ...ACTIVITY_SECTIONS,
  ...PORTAL_RECORD_SECTIONS,
];

export type DataExportSettings = { timeZone: string; instituteName: string };

const DEFAULT_SETTINGS: DataExportSettings = {
  timeZone: DEFAULT_TIME_ZONE,
  instituteName: 'the institute',
};

/** An instant as the driver gives it: a Date (PGlite) or PostgreSQL's text of a timestamptz. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)$/;

function normalised(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    out[key] = typeof value === 'string' && TIMESTAMP_TEXT.test(value) ? new Date(value) : value;
  return out;
}

async function readSection(
  db: Database,
  userId: string,
  section: SectionDefinition,
): Promise<ReadSection> {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(section.query(userId))).map(normalised);
  return { definition: section, rows };
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/** data.json: every section under its name, instants in ISO 8601 (UTC). */
function jsonOf(sections: readonly ReadSection[], about: Record<string, unknown>): string {
  const data: Record<string, unknown> = { about };
  for (const { definition, rows } of sections)
    data[camel(definition.name)] = definition.single ? (rows[0] ?? null) : rows;
  return JSON.stringify(data, null, 2);
}

/** The ZIP of a person's copy: README.txt, data.json, a CSV per section and their files. */
async function dataExportArchiveOf(
  db: Database,
  userId: string,
  settings: DataExportSettings = DEFAULT_SETTINGS,
  now: Date = new Date(),
): Promise<Uint8Array> {
  const sections: ReadSection[] = [];
  for (const section of DATA_EXPORT_SECTIONS) sections.push(await readSection(db, userId, section));
  const files = await ownedFilesOf(db, userId);
  const about = {
    institute: settings.instituteName,
    madeAt: now.toISOString(),
    files: files.map((file) => file.path),
  };
  const entries: Zippable = {
    'README.txt': strToU8(readmeOf(sections, files, settings, now)),
    'data.json': strToU8(jsonOf(sections, about)),
  };
  for (const section of sections)
    entries[`${section.definition.name}.csv`] = strToU8(csvOf(section, settings.timeZone));
  // Photos, PDFs and receipts are compressed already: stored as they are.
  for (const file of files) entries[file.path] = [file.bytes, { level: 0 }];
  return zipSync(entries, { level: 6, mtime: now });
}

/**
 * Builds a requested copy: reads everything the portal holds about the person, stores the ZIP
 * for RETENTION.dataExportHours and notifies them. A copy no longer pending (built by another
 * process, or given up) is left as it is; only the builder that marks it ready notifies.
 */
export async function buildDataExport(
  db: Database,
  exportId: string,
  settings: DataExportSettings = DEFAULT_SETTINGS,
): Promise<void> {
  const [request] = rowsOf<{ user_id: string }>(
    await db.execute(
      sql`select user_id from data_exports where id = ${exportId}::uuid and status = 'pending'`,
    ),
  );
  if (!request) return;
  const archive = await dataExportArchiveOf(db, request.user_id, settings);
  // As base64 text: the embedded database takes large bytea parameters far slower than text.
  await db.transaction(async (tx) => {
    const [ready] = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        update data_exports
        set status = 'ready', archive = decode(${Buffer.from(archive).toString('base64')}, 'base64'), byte_size = ${archive.byteLength},
          ready_at = now(), expires_at = now() + make_interval(hours => ${RETENTION.dataExportHours})
        where id = ${exportId}::uuid and status = 'pending'
        returning user_id`),
    );
    if (!ready) return;
    await notifyPerson(tx, ready.user_id, {
      kind: 'privacy',
      outcome: 'export-ready',
      subject: 'A copy of your data',
      detail: `You can download it for ${RETENTION.dataExportHours} hours.`,
      link: '/settings/privacy',
      subjectId: exportId,
    });
  });
}

/** Gives up on a copy that could not be built: marked failed, and its person told so they may ask again. */
export async function failDataExport(db: Database, exportId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [failed] = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        update data_exports set status = 'failed'
        where id = ${exportId}::uuid and status = 'pending' returning user_id`),
    );
    if (!failed) return;
    await notifyPerson(tx, failed.user_id, {
      kind: 'privacy',
      outcome: 'export-failed',
      subject: 'A copy of your data',
      detail: 'Something went wrong while it was prepared. You can ask for a new copy.',
      link: '/settings/privacy',
      subjectId: exportId,
    });
  });
}
