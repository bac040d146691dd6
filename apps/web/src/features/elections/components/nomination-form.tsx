import { useState, type FormEvent } from 'react';
import {
  ELECTION_MESSAGES,
  MAX_MANIFESTO,
  NominationInputSchema,
  type ElectionDetail,
  type ElectionPost,
  type LookupItem,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { usePreloadSearchPicker } from '../../../components/ui/lazy-search-picker';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useNominate } from '../api/election-actions';
import { ProposersField } from './proposers-field';

type Errors = { manifesto?: string; proposers?: string };

/** The field a server's message belongs under: 'manifesto', or 'proposerIds' and 'proposerIds.1'. */
function fieldErrorsOf(error: unknown): Errors {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const found: Errors = {};
  for (const [path, message] of Object.entries(error.fields)) {
    if (path === 'manifesto') found.manifesto ??= message;
    else if (path.startsWith('proposerIds')) found.proposers ??= message;
  }
  return found;
}

/** 'Nominate yourself': the manifesto, and the proposers the post needs. */
export function NominationForm({ election, post }: { election: ElectionDetail; post: ElectionPost }) {
  usePreloadSearchPicker();
  const nominate = useNominate(election.id, post.id);
  const [manifesto, setManifesto] = useState('');
  const [proposers, setProposers] = useState<LookupItem[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const needed = post.proposersNeeded;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nominate.isPending) return;
    const parsed = NominationInputSchema.safeParse({
      manifesto,
      proposerIds: proposers.map((person) => person.id),
    });
    const found: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        if (issue.path[0] === 'manifesto') found.manifesto ??= issue.message;
        else found.proposers ??= issue.message;
    if (proposers.length < needed) found.proposers ??= ELECTION_MESSAGES.proposersNeeded(needed);
    setErrors(found);
    setFailure(null);
    if (!parsed.success || Object.keys(found).length > 0) return;
    nominate.mutate(parsed.data, {
      onSuccess: () =>
        toast.success('Your nomination is filed. The election’s officer will accept or reject it.'),
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0)
          setFailure(
            error instanceof ApiError && error.status < 500
              ? error.message
              : 'The nomination could not be filed. Please try again.',
          );
      },
    });
  };

  return (
    <form
      aria-label={`Nominate yourself for ${post.positionTitle}`}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-card border border-line-soft bg-canvas p-3 sm:p-4"
    >
      <h4 className="font-semibold text-ink">Nominate yourself</h4>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextAreaField
        label="Manifesto"
        required
        rows={6}
        maxLength={MAX_MANIFESTO}
        hint="Plain text: what you will do in the post. Web addresses become links."
        value={manifesto}
        error={errors.manifesto}
        onChange={(event) => {
          setManifesto(event.target.value);
          setErrors(({ manifesto: _, ...rest }) => rest);
        }}
      />
      {needed > 0 && (
        <ProposersField
          value={proposers}
          onChange={(people) => {
            setProposers(people);
            setErrors(({ proposers: _, ...rest }) => rest);
          }}
          hint={ELECTION_MESSAGES.proposersNeeded(needed)}
          error={errors.proposers}
        />
      )}
      <div>
        <Button type="submit" loading={nominate.isPending} loadingText="Filing...">
          File my nomination
        </Button>
      </div>
    </form>
  );
}
