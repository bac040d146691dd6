import { useRef, useState, type Ref } from 'react';
import { Link } from 'react-router';
import type { TranscriptSummary } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { apiPaths } from '../../../lib/api-paths';
import { toast } from '../../../lib/toast';
import { useMyTranscripts } from '../api/get-my-transcripts';
import { countOf } from '../record-lines';
import { RevokeTranscriptDialog } from './revoke-transcript-dialog';

const COPY_FAILED =
  'The link could not be copied. Open the verification page and copy its address instead.';

/** '2 achievements · 1 position', leaving out the kinds it holds none of. */
function countsLine({ counts }: TranscriptSummary): string {
  return [
    counts.achievements ? countOf(counts.achievements, 'achievement', 'achievements') : null,
    counts.positions ? countOf(counts.positions, 'position', 'positions') : null,
    counts.skills ? countOf(counts.skills, 'endorsed skill', 'endorsed skills') : null,
    counts.attendance ? countOf(counts.attendance, 'event attended', 'events attended') : null,
    counts.memberships ? countOf(counts.memberships, 'club membership', 'club memberships') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

type RowProps = {
  transcript: TranscriptSummary;
  timeZone?: string;
  copied: boolean;
  onCopy: () => void;
  onRevoke: () => void;
};

function TranscriptRow({ transcript, timeZone, copied, onCopy, onRevoke }: RowProps) {
  const issued = formatDateTime(transcript.issuedAt, timeZone);
  const revoked = transcript.revokedAt !== null;
  const which = <span className="sr-only"> of the transcript issued {issued}</span>;
  return (
    <article
      aria-label={`Transcript issued ${issued}`}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-line-soft bg-surface p-4 shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">Issued {issued}</p>
          <p className="text-sm break-words text-ink-muted">{countsLine(transcript)}</p>
          {revoked && (
            <p className="text-sm text-danger-700">
              Revoked {formatDateTime(transcript.revokedAt, timeZone)}
            </p>
          )}
        </div>
        <Badge tone={revoked ? 'danger' : 'success'}>{revoked ? 'Revoked' : 'Valid'}</Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={apiPaths.myTranscriptPdf(transcript.id)}
          download
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Download PDF{which}
        </a>
        <Link
          to={paths.verifyTranscript(transcript.id)}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Open verification page{which}
        </Link>
        <Button variant="secondary" size="sm" onClick={onCopy}>
          {copied ? 'Link copied' : 'Copy link'}
          {which}
        </Button>
        {!revoked && (
          <Button variant="secondary" size="sm" onClick={onRevoke}>
            Revoke{which}
          </Button>
        )}
      </div>
    </article>
  );
}

type IssuedTranscriptsProps = { timeZone?: string; headingRef?: Ref<HTMLHeadingElement> };

/** The transcripts the student issued, newest first, each with its PDF, its public page, its link and Revoke. */
export function IssuedTranscripts({ timeZone, headingRef }: IssuedTranscriptsProps) {
  const list = useMyTranscripts();
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<TranscriptSummary | null>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const copy = async (transcript: TranscriptSummary) => {
    try {
      await navigator.clipboard.writeText(transcript.verifyUrl);
    } catch {
      toast.error(COPY_FAILED);
      return;
    }
    toast.success('Verification link copied.');
    setCopiedId(transcript.id);
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopiedId(null), 3000);
  };

  let body;
  if (list.isPending)
    body = <Spinner label="Loading your transcripts..." visibleLabel className="py-6" />;
  else if (list.isError)
    body = (
      <ErrorState
        message="Your issued transcripts could not be loaded. Check your connection and try again."
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (list.data.items.length === 0)
    body = (
      <EmptyState
        title="You have not issued a transcript yet."
        description="Choose your verified records above, preview them, and issue a transcript to share."
      />
    );
  else
    body = (
      <ul className="grid gap-3 lg:grid-cols-2">
        {list.data.items.map((transcript) => (
          <li key={transcript.id} className="min-w-0">
            <TranscriptRow
              transcript={transcript}
              timeZone={timeZone}
              copied={copiedId === transcript.id}
              onCopy={() => void copy(transcript)}
              onRevoke={() => setRevoking(transcript)}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="issued-transcripts-heading" className="flex min-w-0 flex-col gap-3">
      <h2
        id="issued-transcripts-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-ink focus:outline-none"
      >
        Issued transcripts
      </h2>
      {body}
      <RevokeTranscriptDialog
        transcript={revoking}
        issuedOn={revoking ? formatDateTime(revoking.issuedAt, timeZone) : ''}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
