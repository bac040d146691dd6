import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TRANSCRIPT_MESSAGES, type TranscriptRecords } from '@cosa/contracts';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { usePublicConfig } from '../../lib/public-config';
import { useTranscriptRecords } from './api/get-transcript-records';
import { CredentialsSection } from './components/credentials-section';
import { IssuedTranscripts } from './components/issued-transcripts';
import { PendingNote } from './components/pending-note';
import { TranscriptBuilder } from './components/transcript-builder';
import { recordCount } from './selection';

const hasVerified = (records: TranscriptRecords) => recordCount(records) > 0;

/** What a student with nothing verified yet needs to know: how a record gets verified, and where to add one. */
function NothingVerified({ records }: { records: TranscriptRecords }) {
  return (
    <div className="flex flex-col gap-4">
      <EmptyState
        title="You have no verified records yet."
        description="A transcript includes only records an official has checked, events you were checked in at and your club memberships. Add an achievement or a position of responsibility and a general secretary, the president or your club's coordinator verifies it; add a skill and an official endorses it. Verified records appear here to choose from."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Link
              to={paths.addAchievement}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              Add Achievement
            </Link>
            <Link
              to={paths.managePosition}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              Manage Positions
            </Link>
            <Link to={paths.skills} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              Manage Skills
            </Link>
          </div>
        }
      />
      <PendingNote pending={records.pending} />
    </div>
  );
}

/** /transcript: choose verified records, preview and issue a verifiable transcript; manage issued ones; download credentials. */
export function TranscriptPage() {
  const records = useTranscriptRecords();
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone;
  const issuedHeading = useRef<HTMLHeadingElement>(null);
  const [issuedCount, setIssuedCount] = useState(0);

  // After an issue, focus goes to the list that now starts with the new transcript; in an effect, once the
  // confirmation dialog (which holds focus while open) is gone.
  useEffect(() => {
    if (issuedCount > 0) issuedHeading.current?.focus();
  }, [issuedCount]);

  let builder;
  if (records.isPending)
    builder = (
      <Spinner label="Loading your verified records..." visibleLabel size="lg" className="py-10" />
    );
  else if (records.isError)
    builder = (
      <ErrorState
        message="Your records could not be loaded. Check your connection and try again."
        onRetry={() => void records.refetch()}
        retrying={records.isFetching}
      />
    );
  else if (!hasVerified(records.data)) builder = <NothingVerified records={records.data} />;
  else
    builder = (
      <TranscriptBuilder
        records={records.data}
        timeZone={timeZone}
        onIssued={() => setIssuedCount((count) => count + 1)}
      />
    );

  return (
    <div className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-8">
      <div>
        <PageHeader
          title={TRANSCRIPT_MESSAGES.title}
          description="Choose your verified records, preview them and issue a transcript that anyone can check through its link or QR code."
          className="mb-4"
        />
        <Card aria-label="New transcript">{builder}</Card>
      </div>
      <IssuedTranscripts timeZone={timeZone} headingRef={issuedHeading} />
      {records.isSuccess && <CredentialsSection records={records.data} timeZone={timeZone} />}
    </div>
  );
}
