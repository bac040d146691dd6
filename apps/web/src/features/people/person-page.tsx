import { useParams } from 'react-router';
import { PEOPLE_MESSAGES } from '@cosa/contracts';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { usePublicConfig } from '../../lib/public-config';
import { usePerson } from './api/get-person';
import { PersonHeader } from './components/person-header';
import { RecordSections } from './components/record-sections';
import { PersonalDetails, SharedPhone, WaitingForReview } from './components/review-and-personal';

function PersonView({ id }: { id: string }) {
  const person = usePerson(id);
  const timeZone = usePublicConfig().data?.timeZone;

  if (person.isPending)
    return <Spinner label="Loading this person..." visibleLabel size="lg" className="py-10" />;
  if (person.isError) {
    // The server answers 404 alike for an unknown id and an account this viewer may not see.
    if (person.error instanceof ApiError && person.error.status === 404)
      return <EmptyState title={PEOPLE_MESSAGES.notFound} />;
    return (
      <ErrorState
        message={PEOPLE_MESSAGES.loadFailed}
        onRetry={() => void person.refetch()}
        retrying={person.isFetching}
      />
    );
  }

  const { data } = person;
  return (
    <>
      <PersonHeader person={data} />
      <div className="flex flex-col gap-4">
        {data.waitingForYourReview && (
          <WaitingForReview items={data.waitingForYourReview} timeZone={timeZone} />
        )}
        {data.personal && <PersonalDetails personal={data.personal} timeZone={timeZone} />}
        {data.sharedPhone && <SharedPhone phone={data.sharedPhone} />}
        <RecordSections person={data} timeZone={timeZone} />
      </div>
    </>
  );
}

/** /people/{id}: a person's verified record, and what else the viewer may see of them (decision 0026). */
export function PersonPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PersonView key={id} id={id} />
    </div>
  );
}
