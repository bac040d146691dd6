import { z } from 'zod';
import { SearchTextSchema, UuidSchema } from './common';

/** Entries in one status list (W3C Bitstring Status List: at least 16 KB, 131,072 entries, for privacy). */
export const STATUS_LIST_SIZE = 131_072;

/**
 * Why a credential was revoked. The first four are written by the database when the record
 * behind the credential ends, is deleted, stops being verified or changes; the administrator
 * chooses from the rest. The class is public (the check shows it); the administrator's note is not.
 */
export const REVOCATION_REASONS = [
  'record_ended',
  'record_deleted',
  'record_unverified',
  'record_changed',
  'issued_in_error',
  'record_untrue',
  'superseded',
  'holder_request',
  'other',
] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

/** The reasons an administrator may give; the others belong to the record's own changes. */
export const ADMIN_REVOCATION_REASONS = [
  'issued_in_error',
  'record_untrue',
  'superseded',
  'holder_request',
  'other',
] as const satisfies readonly RevocationReason[];

/**
 * The administrator's reasons that concern the record itself, not one copy of it: the institute
 * withdraws the record from its signature. Every credential of the record falls, no new one is
 * signed, and no transcript carries it (its issued transcripts list it as withdrawn). Never undone.
 */
export const WITHDRAWING_REASONS = [
  'record_untrue',
  'issued_in_error',
] as const satisfies readonly RevocationReason[];
export type WithdrawingReason = (typeof WITHDRAWING_REASONS)[number];

/** How pages and the check name each reason class. */
export const REVOCATION_REASON_LABELS: Record<RevocationReason, string> = {
  record_ended: 'The position was ended early',
  record_deleted: 'The record was deleted',
  record_unverified: 'The record is no longer verified',
  record_changed: 'The record was changed',
  issued_in_error: 'Issued in error',
  record_untrue: 'The record was found to be untrue',
  superseded: 'Replaced by a corrected credential',
  holder_request: "At the holder's request",
  other: 'Other',
};

const REVOCATION_NOTE_MAX = 500;
/** The longest credential a check or a revocation accepts (a signed credential is a few kilobytes). */
const CREDENTIAL_MAX_LENGTH = 20_000;

/** The whole text of a credential's .jwt file, as pasted or read from the file. */
export const CredentialTextSchema = z
  .string()
  .trim()
  .min(1, 'Paste a credential to check.')
  .max(
    CREDENTIAL_MAX_LENGTH,
    `A credential is at most ${CREDENTIAL_MAX_LENGTH.toLocaleString('en-IN')} characters.`,
  );

export const CREDENTIAL_MESSAGES = {
  revoked: 'Credential revoked. Its check and the status list now say so.',
  alreadyRevoked: 'This credential was already revoked; a revocation is never undone.',
  notFound: 'No credential has this id.',
  credentialRevoked: 'This credential was revoked by the institute.',
  pastedRevoked: 'Credential revoked. Its check now says so.',
  noRecord:
    'This credential names no achievement or position of this portal, so it cannot be revoked here.',
  recordWithdrawn:
    'The institute withdrew this record from its signature (found untrue or issued in error): it is no longer signed as a credential nor carried on a transcript. Ask the institute administrator at the student affairs office about it.',
} as const;

const IsoDateTime = z.string();

/** One issued credential as its holder and the administrator see it. */
export const IssuedCredentialSchema = z.object({
  id: z.string(),
  kind: z.enum(['achievement', 'position']),
  title: z.string(),
  issuedAt: IsoDateTime,
  status: z.enum(['valid', 'revoked']),
  revokedAt: IsoDateTime.nullable(),
  reason: z.enum(REVOCATION_REASONS).nullable(),
});
export type IssuedCredentialSummary = z.infer<typeof IssuedCredentialSchema>;

export const MyCredentialsSchema = z.object({ items: z.array(IssuedCredentialSchema) });
export type MyCredentials = z.infer<typeof MyCredentialsSchema>;

/** An issued credential on the administrator's list: whose it is, and the private note of a revocation. */
export const AdminCredentialSchema = IssuedCredentialSchema.extend({
  /** Signed before status lists existed: no entry in a list; its row is the administrator's revocation. */
  legacy: z.boolean(),
  holder: z.object({ name: z.string(), studentId: z.string().nullable() }).nullable(),
  note: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type AdminCredential = z.infer<typeof AdminCredentialSchema>;

export const AdminCredentialListSchema = z.object({
  items: z.array(AdminCredentialSchema),
  total: z.number().int(),
});
export type AdminCredentialList = z.infer<typeof AdminCredentialListSchema>;

/** GET /api/admin/credentials: a credential id, or a student's name, e-mail or student id. */
export const AdminCredentialQuerySchema = z.object({ q: SearchTextSchema });

/** POST /api/admin/credentials/:id/revocation */
export const RevokeCredentialRequestSchema = z.object({
  reason: z.enum(ADMIN_REVOCATION_REASONS, { error: 'Choose a reason for the revocation.' }),
  note: z
    .string()
    .trim()
    .max(REVOCATION_NOTE_MAX, `A note is at most ${REVOCATION_NOTE_MAX} characters.`)
    .optional()
    .transform((note) => (note ? note : undefined)),
});
export type RevokeCredentialRequest = z.input<typeof RevokeCredentialRequestSchema>;

/**
 * POST /api/admin/credentials/revocations: revoke a credential by its own text, the only way to
 * name one signed before status lists (it has no row until then). A credential with a row is
 * revoked as by its id.
 */
export const RevokePastedCredentialRequestSchema = RevokeCredentialRequestSchema.extend({
  credential: CredentialTextSchema,
});
export type RevokePastedCredentialRequest = z.input<typeof RevokePastedCredentialRequestSchema>;

export const CredentialIdParamsSchema = z.object({ id: UuidSchema });

/** GET /api/issuer/status-lists/:list */
export const StatusListParamsSchema = z.object({
  list: z.coerce
    .number()
    .int('Not a status list.')
    .min(1, 'Not a status list.')
    .max(1_000_000, 'Not a status list.'),
});
