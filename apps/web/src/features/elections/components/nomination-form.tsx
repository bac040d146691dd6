import { useRef, useState, type FormEvent } from 'react';
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
import { ManifestoPdfField, manifestoPdfError } from './manifesto-pdf-field';
import { pdfNotAttached } from '../api/manifesto-pdf';
import { ProposersField } from './proposers-field';

type Errors = { manifesto?: string; proposers?: string; pdf?: string };

const FILED = 'Your nomination is filed. The election’s officer will accept or reject it.';
const FILED_WITH_PDF =
  'Your nomination is filed with its manifesto PDF. The election’s officer will accept or reject it.';

/** The field a server's message belongs under: 'manifesto', or 'proposerIds' and 'proposerIds.1'. */
function fieldErrorsOf(error: unknown): Errors {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const found: Errors = {};
  for (const [path, message] of Object.entries(error.fields)) {
    if (path === 'manifesto') found.manifesto ??= message;
    else if (path === 'pdf') found.pdf ??= message;
    else if (path.startsWith('proposerIds')) found.proposers ??= message;
  }
  return found;
}

/** 'Nominate yourself': the manifesto, its optional PDF, and the proposers the post needs. */
export function NominationForm({ election, post }: { election: ElectionDetail; post: ElectionPost }) {
  usePreloadSearchPicker();
  const nominate = useNominate(election.id, post.id);
  const [manifesto, setManifesto] = useState('');
  const [proposers, setProposers] = useState<LookupItem[]>([]);
  const [pdf, setPdf] = useState<File | null>(null);
  // The check of the chosen file's bytes, which the submission waits for.
  const pdfCheck = useRef<Promise<string | null>>(Promise.resolve(null));
  const checking = useRef(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const needed = post.proposersNeeded;

  const choosePdf = (file: File | null) => {
    setPdf(file);
    setErrors(({ pdf: _, ...rest }) => rest);
    const check = file ? manifestoPdfError(file) : Promise.resolve(null);
    pdfCheck.current = check;
    void check.then((message) => {
      if (message && pdfCheck.current === check) setErrors((shown) => ({ ...shown, pdf: message }));
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (nominate.isPending || checking.current) return;
    checking.current = true;
    const pdfMessage = await pdfCheck.current.finally(() => (checking.current = false));
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
    if (pdfMessage) found.pdf = pdfMessage;
    setErrors(found);
    setFailure(null);
    if (!parsed.success || Object.keys(found).length > 0) return;
    nominate.mutate(
      { body: parsed.data, pdf },
      {
        onSuccess: ({ pdfFailure }) => {
          if (pdfFailure) toast.error(pdfNotAttached(pdfFailure));
          else toast.success(pdf ? FILED_WITH_PDF : FILED);
        },
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
      },
    );
  };

  return (
    <form
      aria-label={`Nominate yourself for ${post.positionTitle}`}
      onSubmit={(event) => void submit(event)}
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
      <ManifestoPdfField error={errors.pdf} disabled={nominate.isPending} onChoose={choosePdf} />
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
