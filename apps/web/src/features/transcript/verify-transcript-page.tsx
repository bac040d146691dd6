import { useParams } from 'react-router';
import {
  REVOCATION_REASON_LABELS,
  TRANSCRIPT_MESSAGES,
  type TranscriptVerification,
} from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { usePublicConfig } from '../../lib/public-config';
import { useTranscriptVerification } from './api/get-transcript-verification';
import { CredentialCheckForm } from './components/credential-check-form';
import { TranscriptDocument } from './components/transcript-document';
import { VerificationBanner } from './components/verification-banner';
import { isRateLimited, TOO_MANY_CHECKS } from './rate-limit';

/** A transcript's address holds a UUID; anything else cannot be one, and is not sent. */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CHECK_FAILED = 'The transcript could not be checked. Check your connection and try again.';

/** An unknown id (404) or one the server cannot read (400) is no transcript. */
const isUnknown = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

const withdrawnOf = (verification: TranscriptVerification) =>
  new Map(verification.withdrawn.map((item) => [item.id, REVOCATION_REASON_LABELS[item.reason]]));

const withdrawnNote = (count: number) =>
  `${count === 1 ? '1 item' : `${count} items`} of this transcript no longer ${count === 1 ? 'stands' : 'stand'}: the record changed after the transcript was issued. ${count === 1 ? 'It is' : 'They are'} marked below; the other items stand as issued.`;

/** /verify/:id: the public page of an issued transcript (its QR code's address), signed in or not. */
export function VerifyTranscriptPage() {
  const { id = '' } = useParams();
  const wellFormed = UUID_SHAPE.test(id);
  const verification = useTranscriptVerification(id, wellFormed);
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone;

  let body;
  if (!wellFormed || (verification.isError && isUnknown(verification.error)))
    body = <ErrorState message={TRANSCRIPT_MESSAGES.notFound} />;
  else if (verification.isError)
    body = (
      <ErrorState
        message={isRateLimited(verification.error) ? TOO_MANY_CHECKS : CHECK_FAILED}
        onRetry={() => void verification.refetch()}
        retrying={verification.isFetching}
      />
    );
  else if (verification.isPending)
    body = <Spinner label="Checking the transcript..." visibleLabel size="lg" className="py-10" />;
  else
    body = (
      <div className="flex min-w-0 flex-col gap-6">
        <VerificationBanner verification={verification.data} timeZone={timeZone} />
        {verification.data.withdrawn.length > 0 && (
          <Alert tone="error">{withdrawnNote(verification.data.withdrawn.length)}</Alert>
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-sm text-ink-muted">
            The transcript holds exactly these records, each checked by the official named with it.
          </p>
          <TranscriptDocument
            content={verification.data.content}
            timeZone={timeZone}
            level={2}
            withdrawn={withdrawnOf(verification.data)}
          />
        </div>
      </div>
    );

  return (
    <div className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-10">
      <title>Transcript verification · COSA Portal</title>
      <meta name="robots" content="noindex" />
      <div className="min-w-0">
        <PageHeader
          title="Transcript verification"
          description="A co-curricular transcript issued through the portal, as it was issued, and whether it still stands."
        />
        {body}
      </div>
      <section
        aria-labelledby="check-credential-heading"
        className="flex min-w-0 flex-col gap-3 border-t border-line-soft pt-6"
      >
        <h2 id="check-credential-heading" className="text-xl font-semibold text-ink">
          Check a credential
        </h2>
        <p className="text-sm text-ink-muted">
          Got a credential file (.jwt) of a single record? Paste it or choose the file to see whether the
          portal issued it.
        </p>
        <CredentialCheckForm timeZone={timeZone} />
      </section>
    </div>
  );
}
