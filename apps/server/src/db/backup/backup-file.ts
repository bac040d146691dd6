import { createHash } from 'node:crypto';
import { z } from 'zod';
import { readTar, TarError, writeTar } from './tar';

const FORMAT = 'cosa-portal-backup';
/** The layout of a backup file; a file of a later layout was made by a newer portal. */
const FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';

const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** PostgreSQL's version of the database backed up, e.g. 18.6. */
    serverVersion: z.string(),
    serverMajor: z.number().int(),
    /** What made the copy: PGlite's data folder dump, or pg_dump with its version. */
    tool: z.string(),
  }),
  schema: z.object({
    /** Migrations applied to the database backed up, and when the newest was written (its journal's `when`). */
    migrations: z.number().int().nonnegative(),
    lastMigrationAt: z.number().int().nullable(),
  }),
  /** Rows of each table in the public schema, counted in the snapshot the copy was taken from. */
  rows: z.record(z.string(), z.number().int().nonnegative()),
  payload: z.object({
    name: z.string(),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});

export type BackupManifest = z.infer<typeof ManifestSchema>;
export type ManifestFacts = Omit<BackupManifest, 'format' | 'formatVersion' | 'payload'>;

/** The file cannot be restored; the message says why in words for the operator. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A backup file: a tar holding manifest.json and the database's copy, whose size and SHA-256 the manifest records. */
export function backupFileParts(facts: ManifestFacts, payloadName: string, payload: Buffer): Buffer[] {
  const manifest: BackupManifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    ...facts,
    payload: { name: payloadName, bytes: payload.byteLength, sha256: sha256(payload) },
  };
  return writeTar([
    { name: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    { name: payloadName, data: payload },
  ]);
}

/**
 * The manifest and the database copy of a backup file, once every check passes: it is a tar, its
 * manifest is one this portal reads, and the copy has the recorded size and SHA-256.
 */
export function openBackupFile(bytes: Buffer): { manifest: BackupManifest; payload: Buffer } {
  let members: Map<string, Buffer>;
  try {
    members = readTar(bytes);
  } catch (error) {
    if (error instanceof TarError && error.notTar)
      throw new BackupFileError('it is not a COSA Portal backup (not a tar file)');
    if (error instanceof TarError)
      throw new BackupFileError(`it is damaged or incomplete (${error.message})`);
    throw error;
  }
  const manifestBytes = members.get(MANIFEST);
  if (!manifestBytes) throw new BackupFileError('it is not a COSA Portal backup (no manifest.json)');
  let raw: unknown;
  try {
    raw = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw new BackupFileError('its manifest.json is damaged (not JSON)');
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== FORMAT)
    throw new BackupFileError('it is not a COSA Portal backup (its manifest names another format)');
  if (typeof format.formatVersion === 'number' && format.formatVersion > FORMAT_VERSION)
    throw new BackupFileError(
      `it was made by a newer version of the portal (backup format ${format.formatVersion}; this one reads format ${FORMAT_VERSION}): update the portal first`,
    );
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupFileError('its manifest.json is damaged (fields missing)');
  const manifest = parsed.data;
  const payload = members.get(manifest.payload.name);
  if (!payload) throw new BackupFileError(`it is incomplete (${manifest.payload.name} is missing)`);
  if (payload.byteLength !== manifest.payload.bytes || sha256(payload) !== manifest.payload.sha256)
    throw new BackupFileError(
      `it is damaged: ${manifest.payload.name} does not match the SHA-256 its manifest records`,
    );
  return { manifest, payload };
}
