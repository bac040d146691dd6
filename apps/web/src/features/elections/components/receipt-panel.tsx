import { useEffect, useRef, useState } from 'react';
import { ELECTION_MESSAGES } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';

type ReceiptPanelProps = {
  receipt: string;
  /** The post's results page, where the receipt is checked after the close. */
  resultsTo: string;
  /** When voting closes, in words. */
  closes: string;
};

/**
 * The receipt of a cast ballot, shown once and kept nowhere (not in storage, the address or the
 * query cache): large enough to copy by hand, with a Copy button.
 */
export function ReceiptPanel({ receipt, resultsTo, closes }: ReceiptPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => headingRef.current?.focus(), []);
  const copyReceipt = async () => {
    try {
      await navigator.clipboard.writeText(receipt);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <section aria-labelledby="ballot-receipt" className="flex flex-col gap-4">
      <Alert tone="success">Your ballot is cast.</Alert>
      <h2
        id="ballot-receipt"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-ink focus:outline-none"
      >
        {ELECTION_MESSAGES.receiptTitle}
      </h2>
      <p className="rounded-card border border-line bg-canvas px-3 py-4 text-center font-mono text-2xl font-semibold tracking-wider wrap-anywhere text-ink sm:text-4xl">
        {receipt}
      </p>
      <p id="ballot-receipt-hint" className="text-sm text-ink">
        {ELECTION_MESSAGES.receiptHint}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void copyReceipt()}>
          Copy<span className="sr-only"> the receipt</span>
        </Button>
        <p role="status" className="text-sm text-ink-muted">
          {copy === 'copied' && 'Copied.'}
          {copy === 'failed' &&
            'It could not be copied: write it down or select it and copy it by hand.'}
        </p>
      </div>
      <p className="text-sm text-ink">
        The count and the ballots are published when voting closes ({closes}):{' '}
        <TextLink to={resultsTo}>see the results</TextLink>.
      </p>
    </section>
  );
}
