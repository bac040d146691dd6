import { useEffect, useRef, useState } from 'react';
import { TRANSCRIPT_MESSAGES, type TranscriptRecords } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { countOf } from '../record-lines';
import {
  chosenContent,
  EMPTY_SELECTION,
  recordCount,
  type RecordKind,
  type Selection,
} from '../selection';
import { IssueTranscriptDialog } from './issue-transcript-dialog';
import { PendingNote } from './pending-note';
import { RecordChooser } from './record-chooser';
import { TranscriptDocument } from './transcript-document';

type Step = 'choose' | 'preview';

const STEPS: readonly { step: Step; label: string }[] = [
  { step: 'choose', label: 'Choose records' },
  { step: 'preview', label: 'Preview' },
];

function StepIndicator({ current }: { current: Step }) {
  return (
    <ol aria-label="Steps" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {STEPS.map(({ step, label }, index) => (
        <li
          key={step}
          aria-current={step === current ? 'step' : undefined}
          className={cn(
            'flex items-center gap-2',
            step === current ? 'font-semibold text-accent-ink' : 'text-ink-muted',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-flex size-6 items-center justify-center rounded-full text-xs',
              step === current ? 'bg-accent text-on-accent' : 'bg-line-soft text-ink',
            )}
          >
            {index + 1}
          </span>
          <span>
            <span className="sr-only">Step {index + 1}: </span>
            {label}
          </span>
        </li>
      ))}
    </ol>
  );
}

type TranscriptBuilderProps = {
  records: TranscriptRecords;
  timeZone?: string;
  /** After a transcript is issued: the page shows it in the issued list. */
  onIssued: () => void;
};

/** Step 1 chooses verified records; step 2 shows exactly what will be issued, and issues it once confirmed. */
export function TranscriptBuilder({ records, timeZone, onIssued }: TranscriptBuilderProps) {
  const [step, setStep] = useState<Step>('choose');
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [nothingChosen, setNothingChosen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const content = chosenContent(records, selection);
  const chosen = recordCount(content);

  // A change of step moves focus to the step's heading, so a screen reader hears where it is.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const goTo = (next: Step) => {
    moved.current = true;
    setStep(next);
  };

  const change = (kind: RecordKind, ids: string[]) => {
    setNothingChosen(false);
    setSelection((current) => ({ ...current, [kind]: ids }));
  };

  const preview = () => {
    if (chosen === 0) setNothingChosen(true);
    else goTo('preview');
  };

  const issued = () => {
    setSelection(EMPTY_SELECTION);
    moved.current = false;
    setStep('choose');
    onIssued();
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <StepIndicator current={step} />
      {step === 'choose' ? (
        <>
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-ink focus:outline-none">
            Choose records
          </h2>
          <p className="text-sm text-ink-muted">
            Only records an official has verified or endorsed, events you were checked in at and your
            club memberships can be included. Tick the ones this transcript should show.
          </p>
          <PendingNote pending={records.pending} />
          <RecordChooser records={records} selection={selection} onChange={change} timeZone={timeZone} />
          {nothingChosen && <Alert tone="error">{TRANSCRIPT_MESSAGES.nothingChosen}</Alert>}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-ink-muted" aria-live="polite">
              {countOf(chosen, 'record', 'records')} chosen
            </p>
            <Button onClick={preview}>Preview</Button>
          </div>
        </>
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-ink focus:outline-none">
            Preview
          </h2>
          <p className="text-sm text-ink-muted">
            This is exactly what the transcript will show, and what anyone with its link or QR code will
            see.
          </p>
          <TranscriptDocument
            content={content}
            timeZone={timeZone}
            level={3}
            idPrefix="preview"
            className="rounded-card border border-line-soft p-4"
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => goTo('choose')}>
              Back to choosing
            </Button>
            <Button onClick={() => setConfirming(true)}>Issue transcript</Button>
          </div>
          <IssueTranscriptDialog
            open={confirming}
            onOpenChange={setConfirming}
            content={content}
            onIssued={issued}
          />
        </>
      )}
    </div>
  );
}
