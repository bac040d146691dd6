import { useMemo, useRef } from 'react';
import { Controller, useFieldArray, useForm, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import {
  MAX_ELECTION_DESCRIPTION,
  MAX_ELECTION_TITLE,
  MAX_POSTS,
  type ElectionDetail,
  type ElectionInput,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DateTimeField } from '../../../components/ui/date-time-field';
import { LazySearchPicker, usePreloadSearchPicker } from '../../../components/ui/lazy-search-picker';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { applyMappedFieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { searchUsers, userLookupKey } from '../api/search-lookups';
import {
  EMPTY_POST,
  electionResolver,
  formFieldOf,
  type ElectionFormValues,
  type RequestAdjustment,
} from '../election-form-values';
import { PostFields } from './post-fields';
import { electionPaths } from '../election-paths';

type ElectionFormProps = {
  defaultValues: ElectionFormValues;
  /** The institute's time zone: the clock windows are entered on. */
  timeZone: string;
  pending: boolean;
  /** Sends the election; a refusal shows with the server's words and its field messages. */
  onSubmit: (body: ElectionInput) => Promise<unknown>;
  failureMessage: (error: unknown) => string;
  /** Changing an election: what can no longer change is shown, not offered. */
  edit?: ElectionEdit;
  /** What the request is made of before it is checked (a stable function). */
  adjust?: RequestAdjustment;
};

export type Window = 'nominationsOpen' | 'nominationsClose' | 'votingOpen' | 'votingClose';

/** The election being changed, and what of it can no longer change. */
export type ElectionEdit = {
  election: ElectionDetail;
  windowsPassed: readonly Window[];
  postsFixed: boolean;
  officerFixed: boolean;
};

/** A part of the election that can no longer change: its label, its value, and why. */
function Fixed({ label, value, why }: { label: string; value: string; why: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm">
      <span className="font-medium text-ink">{label}</span>
      <span className="text-ink">{value}</span>
      <span className="text-xs text-ink-muted">{why}</span>
    </div>
  );
}
const WINDOWS: [Window, string][] = [
  ['nominationsOpen', 'Nominations open'],
  ['nominationsClose', 'Nominations close'],
  ['votingOpen', 'Voting opens'],
  ['votingClose', 'Voting closes'],
];

/** The administrator's set-up of an election, checked with the rules the server applies. */
export function ElectionForm({
  defaultValues,
  timeZone,
  pending,
  onSubmit,
  failureMessage,
  edit,
  adjust,
}: ElectionFormProps) {
  usePreloadSearchPicker();
  const resolver = useMemo(() => electionResolver(timeZone, adjust), [timeZone, adjust]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<ElectionFormValues, unknown, ElectionInput>({
    resolver,
    defaultValues,
    reValidateMode: 'onSubmit',
  });
  const posts = useFieldArray({ control, name: 'posts' });

  // A field's message clears as soon as it is edited; the rules run again on submit.
  const clearEdited = (field: string) => {
    clearErrors(field as Path<ElectionFormValues>);
    clearErrors('root');
  };
  const field = (name: Path<ElectionFormValues>, clears: string = name) =>
    register(name, { onChange: () => clearEdited(clears) });

  // A double click validates twice before the request is pending: only the first is sent.
  const sending = useRef(false);
  const onValid = async (body: ElectionInput) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await onSubmit(body);
    } catch (error) {
      sending.current = false;
      applyMappedFieldErrors(error, setError, (path) => formFieldOf(path) as Path<ElectionFormValues>);
      setError('root.server', { message: failureMessage(error) });
    }
  };

  const rootMessage = errors.root?.server?.message ?? errors.root?.message;
  return (
    <form
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      noValidate
      aria-label={edit ? 'Edit election' : 'New election'}
      className="grid gap-4 sm:grid-cols-2"
    >
      {rootMessage && (
        <Alert tone="error" className="sm:col-span-2">
          {rootMessage}
        </Alert>
      )}
      <TextField
        label="Title"
        required
        autoComplete="off"
        maxLength={MAX_ELECTION_TITLE}
        containerClassName="sm:col-span-2"
        error={errors.title?.message}
        {...field('title')}
      />
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={MAX_ELECTION_DESCRIPTION}
        hint="Plain text; web addresses become links."
        containerClassName="sm:col-span-2"
        error={errors.description?.message}
        {...field('description')}
      />
      <TextField
        label="Tenure"
        required
        autoComplete="off"
        hint="The two years the winners serve, such as 2026-2027."
        error={errors.tenureYear?.message}
        {...field('tenureYear')}
      />
      {edit?.officerFixed ? (
        <Fixed
          label="Returning officer"
          value={edit.election.officer?.name ?? 'The administrator'}
          why="Only the administrator names the returning officer."
        />
      ) : (
        <Controller
          control={control}
          name="officer"
          render={({ field: officer }) => (
            <LazySearchPicker
              label="Returning officer"
              placeholder="Search people"
              hint="Optional: runs the election with you (decides nominations, certifies)."
              value={officer.value}
              onChange={(item) => {
                officer.onChange(item);
                clearEdited('officer');
              }}
              search={searchUsers}
              queryKey={userLookupKey}
              emptyText="No people match"
              error={errors.officer?.message}
            />
          )}
        />
      )}
      <fieldset className="grid min-w-0 gap-4 border-t border-line-soft pt-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="text-base font-semibold text-ink">Windows</legend>
        <p className="text-sm text-ink-muted sm:col-span-2">
          Dates and times are on the institute&apos;s clock ({timeZone}). Nominations close no later than
          voting opens.
        </p>
        {WINDOWS.map(([key, label]) =>
          edit?.windowsPassed.includes(key) ? (
            <Fixed
              key={key}
              label={label}
              value={formatDateTime(edit.election[`${key}At`], timeZone)}
              why="This time has passed and cannot be changed."
            />
          ) : (
            <DateTimeField
              key={key}
              label={label}
              date={field(`${key}Date`)}
              time={field(`${key}Time`, `${key}Date`)}
              error={errors[`${key}Date`]?.message}
            />
          ),
        )}
      </fieldset>
      <div className="flex min-w-0 flex-col gap-4 border-t border-line-soft pt-4 sm:col-span-2">
        <h2 className="text-base font-semibold text-ink">Posts</h2>
        {errors.posts?.root?.message && (
          <p role="alert" className="text-sm text-danger-700">
            {errors.posts.root.message}
          </p>
        )}
        {edit?.postsFixed ? (
          <>
            <p className="text-sm text-ink-muted">
              Nominations have opened: candidates stand for the posts as they are, so they cannot change.
            </p>
            <ul className="flex flex-col gap-2 text-sm">
              {edit.election.posts.map((post) => (
                <li key={post.id} className="rounded-card border border-line-soft p-3">
                  <span className="font-medium text-ink">{post.positionTitle}</span>
                  <span className="text-ink-muted">
                    {' '}
                    · {post.seats} {post.seats === 1 ? 'seat' : 'seats'} · {post.voters}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            {posts.fields.map((post, index) => (
              <PostFields
                key={post.id}
                index={index}
                control={control}
                register={register}
                errors={errors.posts?.[index]}
                onEdit={(name) => clearEdited(`posts.${index}.${name}`)}
                onRemove={posts.fields.length > 1 ? () => posts.remove(index) : undefined}
              />
            ))}
            {posts.fields.length < MAX_POSTS && (
              <div>
                <Button variant="secondary" onClick={() => posts.append(EMPTY_POST)}>
                  Add a post
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Link
          to={edit ? electionPaths.election(edit.election.id) : electionPaths.list}
          className={buttonClasses({ variant: 'secondary' })}
        >
          Cancel
        </Link>
        <Button type="submit" loading={pending} loadingText={edit ? 'Saving...' : 'Creating...'}>
          {edit ? 'Save changes' : 'Create election'}
        </Button>
      </div>
    </form>
  );
}
