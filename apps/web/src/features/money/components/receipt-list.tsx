import type { Claim, Receipt } from '@cosa/contracts';
import { formatDateTime, sizeInWords } from '../../../lib/format';
import { textLinkClasses } from '../../../components/ui/text-link';
import { moneyApi } from '../money-paths';

const KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

/** 'Receipt 2': how a claim's receipt is named, by its place on the claim. */
export const receiptName = (claim: Claim, receipt: Receipt) =>
  `Receipt ${claim.receipts.indexOf(receipt) + 1}`;

/** A receipt's download link with its kind and size; when it was attached under it. */
export function ReceiptLink({
  claim,
  receipt,
  timeZone,
}: {
  claim: Claim;
  receipt: Receipt;
  timeZone?: string;
}) {
  return (
    <span className="flex min-w-0 flex-col">
      <a href={moneyApi.receipt(claim.id, receipt.id)} download className={textLinkClasses}>
        {receiptName(claim, receipt)}
      </a>
      <span className="text-xs text-ink-muted">
        {KINDS[receipt.contentType] ?? 'File'}, {sizeInWords(receipt.bytes)} · attached{' '}
        {formatDateTime(receipt.uploadedAt, timeZone)}
      </span>
    </span>
  );
}
