import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** An uploaded file a person owns, as it goes into their copy: its path in the ZIP and its bytes. */
export type OwnedFile = { path: string; bytes: Uint8Array };

/** Files are read as base64 text: the embedded database hands over large bytea values far slower. */
const bytesOf = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

/**
 * The files the portal keeps that a person uploaded or owns: their photo, the PDFs of their
 * manifestos, and the receipts of the claims they filed or the receipts they uploaded. The paths
 * match those the sections' CSVs name. Achievements hold a link to a certificate, not a file.
 */
export async function ownedFilesOf(db: Database, userId: string): Promise<OwnedFile[]> {
  const photos = rowsOf<{ bytes: string }>(
    await db.execute(
      sql`select encode(image, 'base64') as bytes from user_photos where user_id = ${userId}::uuid`,
    ),
  ).map((row) => ({ path: 'files/photo.jpg', bytes: bytesOf(row.bytes) }));
  const manifestos = rowsOf<{ id: string; bytes: string }>(
    await db.execute(sql`
      select c.id, encode(pdf.pdf, 'base64') as bytes
      from election_candidates c join election_manifesto_pdfs pdf on pdf.candidate_id = c.id
      where c.user_id = ${userId}::uuid order by c.created_at, c.id`),
  ).map((row) => ({ path: `files/manifestos/${row.id}.pdf`, bytes: bytesOf(row.bytes) }));
  const receipts = rowsOf<{ code: string; n: number; type: string; bytes: string }>(
    await db.execute(sql`
      select c.claim_code as code, r.content_type as type, encode(r.content, 'base64') as bytes,
        row_number() over (partition by c.id order by r.created_at, r.id)::int as n
      from claim_receipts r join expense_claims c on c.id = r.claim_id
      where c.filed_by = ${userId}::uuid or r.uploaded_by = ${userId}::uuid
      order by c.created_at, c.id, n`),
  ).map((row) => ({
    path: `files/receipts/${row.code}-${row.n}.${row.type === 'application/pdf' ? 'pdf' : 'jpg'}`,
    bytes: bytesOf(row.bytes),
  }));
  return [...photos, ...manifestos, ...receipts];
}
