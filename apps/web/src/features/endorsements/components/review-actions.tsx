import { useRef, useState } from 'react';
import { ENDORSEMENT_MESSAGES } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { useDeclineItem } from '../api/decline-item';
import type { ReviewKind } from '../api/pending-reviews-cache';
import { lazyPart } from '../../../lib/lazy-part';

/** The decline form (and its form library) loads when the browser is idle after the page has shown, or when Decline opens it. */
const DeclineDialogPart = lazyPart(async () => (await import('./decline-dialog')).DeclineDialog);

/** The endorse or verify mutation of one row. */
type Approval = {
  mutate: (id: string, options?: { onSettled?: () => void }) => void;
  isPending: boolean;
};

type ReviewActionsProps = {
  kind: ReviewKind;
  id: string;
  /** The version of an achievement or position record shown: a decline is refused if it changed since. */
  version?: number;
  /** Names the item for screen readers, e.g. 'Python by Asha Verma'. */
  name: string;
  approval: Approval;
  /** 'Endorse' and 'Endorsing...', or 'Verify' and 'Verifying...'. */
  approveText: string;
  approvingText: string;
};

/** Endorse (or Verify) and Decline for one item; only this row's buttons show its progress. */
export function ReviewActions({
  kind,
  id,
  version,
  name,
  approval,
  approveText,
  approvingText,
}: ReviewActionsProps) {
  const decline = useDeclineItem(kind);
  const [declining, setDeclining] = useState(false);
  DeclineDialogPart.usePreload();
  // Two clicks land before the button is disabled: only the first one is sent.
  const approving = useRef(false);
  const approve = () => {
    if (approving.current) return;
    approving.current = true;
    approval.mutate(id, {
      onSettled: () => {
        approving.current = false;
      },
    });
  };

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setDeclining(true)}
        disabled={approval.isPending || decline.isPending}
      >
        {ENDORSEMENT_MESSAGES.decline}
        <span className="sr-only"> {name}</span>
      </Button>
      <Button
        size="sm"
        onClick={approve}
        loading={approval.isPending}
        loadingText={approvingText}
        disabled={decline.isPending}
      >
        {approveText}
        <span className="sr-only"> {name}</span>
      </Button>
      <DeclineDialogPart.Part
        open={declining}
        onOpenChange={setDeclining}
        id={id}
        {...(version === undefined ? {} : { version })}
        name={name}
        decline={decline}
      />
    </>
  );
}
