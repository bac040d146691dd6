import sharp from 'sharp';
import { CLAIM_MESSAGES, pdfProblem } from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { MAX_INPUT_PIXELS } from '../profile/photo.service';

/*
 * A receipt judged by its bytes, never by its name or declared type: a PDF is kept as it is when it
 * is only a PDF; a JPEG or PNG picture is decoded and written again as a JPEG without metadata
 * (no location, no camera data), turned upright, at most RECEIPT_SIDE pixels on its longer side.
 */

/** Long enough to read a printed bill photographed whole. */
const RECEIPT_SIDE = 2400;

const refused = (message: string) => AppError.badRequest(message, { receipt: message });

const isJpeg = (bytes: Buffer) =>
  bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const isPng = (bytes: Buffer) =>
  bytes.length > 8 &&
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

/** The receipt to store, or a 400 naming the field 'receipt'. */
export async function checkedReceipt(
  bytes: Buffer,
): Promise<{ contentType: 'application/pdf' | 'image/jpeg'; content: Buffer }> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    const problem = pdfProblem(bytes);
    if (problem === 'activeContent') throw refused(CLAIM_MESSAGES.receiptActiveContent);
    if (problem) throw refused(CLAIM_MESSAGES.receiptNotAccepted);
    return { contentType: 'application/pdf', content: bytes };
  }
  if (!isJpeg(bytes) && !isPng(bytes)) throw refused(CLAIM_MESSAGES.receiptNotAccepted);
  try {
    const content = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'truncated',
      pages: 1,
    })
      .rotate()
      .resize(RECEIPT_SIDE, RECEIPT_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return { contentType: 'image/jpeg', content };
  } catch {
    throw refused(CLAIM_MESSAGES.receiptUnreadable);
  }
}
