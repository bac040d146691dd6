import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROFILE_MESSAGES } from '@cosa/contracts';
import { readUploadedFile, sendUploadedFile } from './uploaded-file';

/* Pictures people upload (their photo, a club's logo and banner) and how they are served back. */

const IMAGE_FIELD = {
  name: 'image',
  missing: PROFILE_MESSAGES.photoMissing,
  tooLarge: PROFILE_MESSAGES.photoTooLarge,
};

/** The bytes of the multipart field 'image' (see readUploadedFile for the refusals). */
export function readUploadedImage(request: FastifyRequest): Promise<Buffer> {
  return readUploadedFile(request, IMAGE_FIELD);
}

/**
 * Sends a stored WebP picture. Its id changes with its content, so a copy never goes stale; only
 * signed-in browsers keep it, and it can run nothing.
 */
export function sendWebp(reply: FastifyReply, image: Buffer, filename: string) {
  return sendUploadedFile(reply, image, {
    contentType: 'image/webp',
    disposition: 'inline',
    filename,
    cacheControl: 'private, max-age=31536000, immutable',
  });
}
