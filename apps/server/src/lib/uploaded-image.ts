import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, PROFILE_MESSAGES } from '@cosa/contracts';
import { AppError } from './app-error';

/* Pictures people upload (their photo, a club's logo and banner) and how they are served back. */

const noImage = () =>
  AppError.badRequest(PROFILE_MESSAGES.photoMissing, { image: PROFILE_MESSAGES.photoMissing });
const tooLarge = () => new AppError(413, ERROR_CODES.tooLarge, PROFILE_MESSAGES.photoTooLarge);

/**
 * The bytes of the multipart field 'image'. A malformed body (no boundary, no parts, a part cut
 * short) is the client's mistake, 400; a file over the limit is 413 even when the limit falls
 * exactly on a chunk boundary (the parser then only marks the stream truncated).
 */
export async function readUploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw noImage();
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'image') throw noImage();
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw tooLarge();
    if (bytes.length === 0) throw noImage();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The parser's other limits (fields, parts, files) are a malformed form, not a large photo.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    request.log.info({ reason: (error as Error).message }, 'unreadable multipart upload');
    throw noImage();
  }
}

/**
 * Sends a stored WebP picture. Its id changes with its content, so a copy never goes stale; only
 * signed-in browsers keep it, and it can run nothing.
 */
export function sendWebp(reply: FastifyReply, image: Buffer, filename: string) {
  return reply
    .header('content-type', 'image/webp')
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .send(image);
}
