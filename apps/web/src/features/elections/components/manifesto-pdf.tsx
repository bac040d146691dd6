import { useRef, useState, type ChangeEvent } from 'react';
import { MANIFESTO_PDF_ACCEPT, MANIFESTO_PDF_MESSAGES, type Candidate } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { pdfNotAttachedOf, useAttachManifestoPdf, useRemoveManifestoPdf } from '../api/manifesto-pdf';
import { electionApi } from '../election-paths';
import { sizeInWords } from '../../../lib/format';
import { manifestoPdfError } from './manifesto-pdf-field';

const linkClasses =
  'rounded-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** 'Manifesto (PDF)', to download, with its size: for everyone who sees the nomination. */
export function ManifestoPdfLink({ candidate }: { candidate: Candidate }) {
  if (candidate.manifestoPdfBytes === null) return null;
  return (
    <p className="text-sm text-ink">
      <a
        href={electionApi.manifestoPdf(candidate.id)}
        download
        aria-label={`${MANIFESTO_PDF_MESSAGES.label} of ${candidate.name}`}
        className={linkClasses}
      >
        {MANIFESTO_PDF_MESSAGES.label}
      </a>{' '}
      <span className="text-ink-muted">{sizeInWords(candidate.manifestoPdfBytes)}</span>
    </p>
  );
}

/** The server's words for a refusal the nominee can act on, a general line otherwise. */
const refusalOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;

/** The nominee's own PDF while the nomination awaits the decision: attach or replace it, or remove it after asking. */
export function ManifestoPdfControls({ candidate }: { candidate: Candidate }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const attach = useAttachManifestoPdf();
  const remove = useRemoveManifestoPdf();
  const [refusal, setRefusal] = useState<string | null>(null);
  const attached = candidate.manifestoPdfBytes !== null;
  // The PDF chosen with the nomination that did not get attached, said until one is.
  const lost = attached ? null : pdfNotAttachedOf(candidate.id);

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    event.target.value = '';
    if (!file) return;
    const problem = await manifestoPdfError(file);
    setRefusal(problem);
    if (problem) return;
    attach.mutate(
      { id: candidate.id, file },
      {
        onSuccess: () => toast.success(MANIFESTO_PDF_MESSAGES.attached),
        onError: (error) => setRefusal(refusalOf(error, 'The PDF could not be sent. Please try again.')),
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <input
        ref={fileInput}
        type="file"
        accept={MANIFESTO_PDF_ACCEPT}
        aria-label="Choose a PDF file"
        hidden
        onChange={(event) => void onFileChosen(event)}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          loading={attach.isPending}
          loadingText="Uploading..."
          disabled={attach.isPending || remove.isPending}
          onClick={() => fileInput.current?.click()}
        >
          {attached ? 'Replace the manifesto PDF' : 'Attach a manifesto PDF'}
        </Button>
        {attached && (
          <ConfirmDialog
            triggerLabel="Remove the manifesto PDF"
            triggerVariant="secondary"
            title="Remove your manifesto PDF?"
            description="Your nomination keeps its written manifesto. You can attach another PDF until the officer decides."
            confirmation={{
              confirmLabel: 'Remove PDF',
              pendingLabel: 'Removing...',
              confirmVariant: 'danger',
              onConfirm: async () => {
                await remove.mutateAsync(candidate.id);
                setRefusal(null);
                toast.success(MANIFESTO_PDF_MESSAGES.removed);
              },
              failureMessage: 'The PDF could not be removed. Please try again.',
            }}
          />
        )}
      </div>
      <p className="text-xs text-ink-muted">{MANIFESTO_PDF_MESSAGES.hint}</p>
      {lost && !refusal && <Alert tone="error">{lost}</Alert>}
      {refusal && <Alert tone="error">{refusal}</Alert>}
    </div>
  );
}
