import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ELECTION_MESSAGES, type ElectionDetail } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { BackLink } from '../../components/ui/back-link';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useElection } from './api/get-election';
import { useUpdateElection } from './api/update-election';
import { ElectionForm, type ElectionEdit, type Window } from './components/election-form';
import { electionUnavailable } from './components/election-unavailable';
import { electionFormOf } from './election-form-values';
import { useInstituteTimeZone } from './election-labels';
import { electionPaths } from './election-paths';

/** Why the change was refused: the server's words for a refusal the manager can act on. */
const failureOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : 'The election could not be saved. Please try again.';

const WINDOW_TIMES: [Window, keyof ElectionDetail][] = [
  ['nominationsOpen', 'nominationsOpenAt'],
  ['nominationsClose', 'nominationsCloseAt'],
  ['votingOpen', 'votingOpenAt'],
  ['votingClose', 'votingCloseAt'],
];

/** What of the election can no longer change, as the page opens: passed times, posts once nominations open, the officer but by the administrator. */
function editOf(election: ElectionDetail, administrator: boolean): ElectionEdit {
  const now = Date.now();
  const windowsPassed = WINDOW_TIMES.filter(
    ([, time]) => Date.parse(election[time] as string) <= now,
  ).map(([window]) => window);
  return {
    election,
    windowsPassed,
    postsFixed: windowsPassed.includes('nominationsOpen'),
    officerFixed: !administrator,
  };
}

function EditElection({ election, timeZone }: { election: ElectionDetail; timeZone: string }) {
  const { data: user } = useSession();
  const update = useUpdateElection(election.id);
  const navigate = useNavigate();
  // The form is filled in once, as the page opens: a later refresh of the election does not undo what is typed.
  const [[defaults, edit]] = useState(
    () => [electionFormOf(election, timeZone), editOf(election, user?.role === 'ADMIN')] as const,
  );
  if (!election.canManage) return <Alert tone="error">{ELECTION_MESSAGES.notManager}</Alert>;
  if (election.certifiedAt) return <Alert tone="info">{ELECTION_MESSAGES.certifiedFixed}</Alert>;
  return (
    <Card>
      <ElectionForm
        defaultValues={defaults}
        timeZone={timeZone}
        pending={update.isPending}
        edit={edit}
        onSubmit={async (body) => {
          await update.mutateAsync(body);
          toast.success(ELECTION_MESSAGES.updated);
          void navigate(electionPaths.election(election.id));
        }}
        failureMessage={failureOf}
      />
    </Card>
  );
}

/** /elections/{id}/edit: the administrator or the election's officer changes what can still change. */
export function EditElectionPage() {
  const { id = '' } = useParams();
  const timeZone = useInstituteTimeZone();
  const election = useElection(id);
  const unavailable = electionUnavailable(election);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <BackLink to={electionPaths.election(id)}>Back to the election</BackLink>
      <PageHeader title="Edit election" description={election.data?.title} />
      {unavailable ??
        (election.data && timeZone ? (
          <EditElection key={id} election={election.data} timeZone={timeZone} />
        ) : (
          <Spinner label="Loading form..." visibleLabel size="lg" className="py-10" />
        ))}
    </div>
  );
}
