import { CLAIM_MESSAGES, pdfProblem, RECEIPT_MAX_BYTES } from '@cosa/contracts';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  magic.every((byte, index) => bytes[index] === byte);

/**
 * What is wrong with a chosen receipt, in the server's words, before it is sent; null when nothing
 * is. Judged by its bytes, never by its name or declared type: a JPEG or PNG by its first bytes, a
 * PDF by the same check the server runs. The server alone decides.
 */
export async function receiptProblem(file: File): Promise<string | null> {
  if (file.size === 0) return CLAIM_MESSAGES.receiptNotAccepted;
  if (file.size > RECEIPT_MAX_BYTES) return CLAIM_MESSAGES.receiptTooLarge;
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (startsWith(bytes, JPEG) || startsWith(bytes, PNG)) return null;
  const problem = pdfProblem(bytes);
  if (problem === null) return null;
  return problem === 'activeContent'
    ? CLAIM_MESSAGES.receiptActiveContent
    : CLAIM_MESSAGES.receiptNotAccepted;
}
