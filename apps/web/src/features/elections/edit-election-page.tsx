import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  ELECTION_MESSAGES,
  TIMETABLE_GRACE_MS,
  WINDOW_FIELDS,
  type ElectionDetail,
} from '@cosa/contracts';
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
import { electionFormOf, type RequestAdjustment } from './election-form-values';
import { useInstituteTimeZone } from './election-labels';
import { electionPaths } from './election-paths';

/** Why the change was refused: the server's words for a refusal the manager can act on. */
const failureOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : 'The election could not be saved. Please try again.';

/** Each window of the form ('votingOpen'), with its time in the election ('votingOpenAt'). */
const WINDOWS = WINDOW_FIELDS.map((time) => [time.slice(0, -2) as Window, time] as const);

/** What of the election can no longer change now: passed times, posts once nominations open, the officer but by the administrator. */
function editOf(election: ElectionDetail, administrator: boolean, now = Date.now()): ElectionEdit {
  const windowsPassed = WINDOWS.filter(([, time]) => Date.parse(election[time]) <= now).map(
    ([window]) => window,
  );
  return {
    election,
    windowsPassed,
    postsFixed: windowsPassed.includes('nominationsOpen'),
    officerFixed: !administrator,
  };
}

/**
 * The request with what can no longer change put back as the election has it (a time that passed
 * while the form was open, the posts once nominations opened), and a time typed in the last
 * minute read as now.
 */
function adjustedRequest(
  request: Record<string, unknown>,
  edit: ElectionEdit,
  now = Date.now(),
): Record<string, unknown> {
  const adjusted = { ...request };
  for (const [window, time] of WINDOWS) {
    const typed = Date.parse(String(request[time]));
    if (edit.windowsPassed.includes(window)) adjusted[time] = edit.election[time];
    else if (typed < now && typed >= now - TIMETABLE_GRACE_MS)
      adjusted[time] = new Date(now).toISOString();
  }
  if (edit.postsFixed)
    adjusted.posts = edit.election.posts.map((post) => ({
      positionId: post.positionId,
      seats: post.seats,
      proposersNeeded: post.proposersNeeded,
      voterBatchYears: post.voterBatchYears,
      voterPrograms: post.voterPrograms,
      voterDisciplines: post.voterDisciplines,
      voterUnitId: post.voterUnitId,
    }));
  return adjusted;
}

function EditElection({ election, timeZone }: { election: ElectionDetail; timeZone: string }) {
  const { data: user } = useSession();
  const update = useUpdateElection(election.id);
  const navigate = useNavigate();
  // The form is filled in once, as the page opens, and the change goes with the version read then:
  // a later refresh does not undo what is typed, and a change made meanwhile is not undone either.
  const [{ defaults, version }] = useState(() => ({
    defaults: electionFormOf(election, timeZone),
    version: election.version,
  }));
  // What can no longer change follows the clock and the latest copy of the election.
  const administrator = user?.role === 'ADMIN';
  const edit = editOf(election, administrator);
  // Read as the form is sent, from the latest copy: a time may have passed since the page drew.
  const adjust = useCallback<RequestAdjustment>(
    (request) => adjustedRequest(request, editOf(election, administrator)),
    [election, administrator],
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
        adjust={adjust}
        onSubmit={async (body) => {
          await update.mutateAsync({ ...body, version });
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
