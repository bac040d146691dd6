import { useNavigate } from 'react-router';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { BackLink } from '../../components/ui/back-link';
import { ApiError } from '../../lib/api-client';
import { currentYear } from '../../lib/current-year';
import { toast } from '../../lib/toast';
import { useCreateElection } from './api/create-election';
import { ElectionForm } from './components/election-form';
import { emptyElectionForm } from './election-form-values';
import { useInstituteTimeZone } from './election-labels';
import { electionPaths } from './election-paths';

/** Why the election was refused: the server's words for a refusal the administrator can act on. */
const failureOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : 'The election could not be created. Please try again.';

/** /elections/new: the administrator sets up an election, its windows and posts, then sees its page. */
export function NewElectionPage() {
  const timeZone = useInstituteTimeZone();
  const create = useCreateElection();
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <BackLink to={electionPaths.list}>Back to elections</BackLink>
      <PageHeader title="New election" />
      <Card>
        {timeZone ? (
          <ElectionForm
            defaultValues={emptyElectionForm(currentYear(timeZone))}
            timeZone={timeZone}
            pending={create.isPending}
            onSubmit={async (body) => {
              const election = await create.mutateAsync(body);
              toast.success('Election created. Students see it now.');
              void navigate(electionPaths.election(election.id));
            }}
            failureMessage={failureOf}
          />
        ) : (
          <Spinner label="Loading form..." visibleLabel size="lg" className="py-10" />
        )}
      </Card>
    </div>
  );
}
