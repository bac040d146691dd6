import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RecruitingInputSchema, type ClubPage, type RecruitingInput } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { applyFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSaveRecruiting } from '../api/club-page-editor';
import { CLUB_ADMIN_TEXTS, refusalOf } from '../club-admin-texts';
import { useKeptDraft } from '../use-kept-draft';
import { KeptChanges } from './kept-changes';

type RecruitingValues = { recruiting: boolean; joinQuestion: string };

const FIELDS = ['recruiting', 'joinQuestion'] as const;

const valuesOf = (page: ClubPage): RecruitingValues => ({
  recruiting: page.recruiting,
  joinQuestion: page.joinQuestion ?? '',
});

const isRecruitingValues = (value: unknown): value is RecruitingValues =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).recruiting === 'boolean' &&
  typeof (value as Record<string, unknown>).joinQuestion === 'string';

const resolver = zodResolver(RecruitingInputSchema) as unknown as Resolver<
  RecruitingValues,
  unknown,
  RecruitingInput
>;

/** Whether the club takes new members, and the question applicants answer. */
export function RecruitingForm({ page }: { page: ClubPage }) {
  const switchId = useId();
  const [saved, setSaved] = useState(() => valuesOf(page));
  const draft = useKeptDraft(`club-recruiting-draft:${page.id}`, saved, isRecruitingValues);
  const save = useSaveRecruiting(page);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    getValues,
    formState: { errors },
  } = useForm<RecruitingValues, unknown, RecruitingInput>({
    resolver,
    defaultValues: draft.initial,
    reValidateMode: 'onSubmit',
  });
  const { keep } = draft;
  /** After each edit: the edited field's message goes, and the form's values are kept. */
  const edited = (name: (typeof FIELDS)[number]) => {
    clearErrors(name);
    clearErrors('root');
    keep(getValues(), saved);
  };

  const onValid = async (body: RecruitingInput) => {
    try {
      const answer = await save.mutateAsync(body);
      const now = { recruiting: answer.recruiting, joinQuestion: answer.joinQuestion ?? '' };
      setSaved(now);
      reset(now);
      keep(now, now);
      toast.success(
        answer.recruiting ? CLUB_ADMIN_TEXTS.recruitingOpen : CLUB_ADMIN_TEXTS.recruitingClosed,
      );
    } catch (error) {
      if (applyFieldErrors(error, setError, FIELDS)) return;
      setError('root', { message: refusalOf(error, CLUB_ADMIN_TEXTS.recruitingSaveFailed) });
    }
  };

  const discard = () => {
    reset(saved);
    keep(saved, saved);
  };

  return (
    <form
      noValidate
      aria-label="Recruiting"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="flex flex-col gap-4"
    >
      {draft.restored && <KeptChanges onDiscard={discard} />}
      {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
      <div className="flex flex-col gap-1">
        <label htmlFor={switchId} className="flex items-center gap-3 text-sm font-medium text-ink">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className="size-5 shrink-0 accent-accent"
            aria-describedby={`${switchId}-hint`}
            {...register('recruiting', { onChange: () => edited('recruiting') })}
          />
          Taking new members
        </label>
        <p id={`${switchId}-hint`} className="text-xs text-ink-muted">
          While it is on, students may ask to join, and the directory lists the club among those
          recruiting now.
        </p>
        {errors.recruiting?.message && (
          <p role="alert" className="text-sm text-danger-700">
            {errors.recruiting.message}
          </p>
        )}
      </div>
      <TextAreaField
        label="Question for applicants (optional)"
        rows={3}
        hint="Students asking to join answer it; at most 500 characters."
        error={errors.joinQuestion?.message}
        {...register('joinQuestion', { onChange: () => edited('joinQuestion') })}
      />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {draft.dirty && <p className="text-sm text-ink-muted">{CLUB_ADMIN_TEXTS.unsavedChanges}</p>}
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          Save recruiting
        </Button>
      </div>
    </form>
  );
}
