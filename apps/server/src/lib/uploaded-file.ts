import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@cosa/contracts';
import { AppError } from './app-error';

/* Files people upload (a photo, a club's pictures, a manifesto PDF) and how they are served back. */

/** The multipart field a file must come in, and what a refusal says of it. */
export type UploadField = {
  name: string;
  /** No file, an empty one, one in another field, or a body that is no form at all. */
  missing: string;
  /** Over the size the route's multipart limit sets. */
  tooLarge: string;
};

/**
 * The bytes of the file in the multipart field `field.name`. A malformed body (no boundary, no
 * parts, a part cut short) is the client's mistake, 400; a file over the limit is 413 even when the
 * limit falls exactly on a chunk boundary (the parser then only marks the stream truncated).
 */
export async function readUploadedFile(request: FastifyRequest, field: UploadField): Promise<Buffer> {
  const missing = () => AppError.badRequest(field.missing, { [field.name]: field.missing });
  const tooLarge = () =>
    new AppError(413, ERROR_CODES.tooLarge, field.tooLarge, { [field.name]: field.tooLarge });
  if (!request.isMultipart()) throw missing();
  try {
    const file = await request.file();
    if (!file || file.fieldname !== field.name) throw missing();
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw tooLarge();
    if (bytes.length === 0) throw missing();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The parser's other limits (fields, parts, files) are a malformed form, not a large file.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    request.log.info({ reason: (error as Error).message }, 'unreadable multipart upload');
    throw missing();
  }
}

/** How a stored upload goes back: its checked type, shown in place or saved, and how long a copy keeps. */
type Served = {
  contentType: string;
  disposition: 'inline' | 'attachment';
  /** Plain ASCII, made by the server: never the uploader's own file name. */
  filename: string;
  cacheControl: string;
};

/** Sends uploaded bytes so that they can run nothing: their own type only, in a sandbox, never sniffed. */
export function sendUploadedFile(reply: FastifyReply, bytes: Buffer, served: Served) {
  return reply
    .header('content-type', served.contentType)
    .header('cache-control', served.cacheControl)
    .header('content-disposition', `${served.disposition}; filename="${served.filename}"`)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
