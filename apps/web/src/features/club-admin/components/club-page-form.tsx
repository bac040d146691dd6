import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CLUB_PAGE_MESSAGES,
  ClubPageInputSchema,
  type ClubPage,
  type ClubPageInput,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { applyFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSaveClubPage } from '../api/club-page-editor';
import { CLUB_ADMIN_TEXTS, refusalOf } from '../club-admin-texts';
import { useKeptDraft } from '../use-kept-draft';
import { KeptChanges } from './kept-changes';
import { TagChoice } from './tag-choice';

type PageValues = {
  tagline: string;
  about: string;
  contact: string;
  howToJoin: string;
  tagIds: string[];
};

const FIELDS = ['tagline', 'about', 'contact', 'howToJoin', 'tagIds'] as const;

const valuesOf = (page: ClubPage): PageValues => ({
  tagline: page.tagline ?? '',
  about: page.about ?? '',
  contact: page.contact ?? '',
  howToJoin: page.howToJoin ?? '',
  tagIds: page.tagIds,
});

function isPageValues(value: unknown): value is PageValues {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    ['tagline', 'about', 'contact', 'howToJoin'].every((key) => typeof record[key] === 'string') &&
    Array.isArray(record.tagIds) &&
    record.tagIds.every((id) => typeof id === 'string')
  );
}

const resolver = zodResolver(ClubPageInputSchema) as unknown as Resolver<
  PageValues,
  unknown,
  ClubPageInput
>;

/** The page's words and tags, checked with the server's rules; changes not saved are kept. */
export function ClubPageForm({ page }: { page: ClubPage }) {
  const [saved, setSaved] = useState(() => valuesOf(page));
  const draft = useKeptDraft(`club-page-draft:${page.id}`, saved, isPageValues);
  const save = useSaveClubPage(page);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    getValues,
    formState: { errors },
  } = useForm<PageValues, unknown, ClubPageInput>({
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

  const field = (name: (typeof FIELDS)[number]) => register(name, { onChange: () => edited(name) });

  const onValid = async (body: ClubPageInput) => {
    try {
      const page = await save.mutateAsync(body);
      const now = valuesOf(page);
      setSaved(now);
      reset(now);
      keep(now, now);
      toast.success(CLUB_PAGE_MESSAGES.pageSaved);
    } catch (error) {
      if (applyFieldErrors(error, setError, FIELDS)) return;
      setError('root', { message: refusalOf(error, CLUB_ADMIN_TEXTS.pageSaveFailed) });
    }
  };

  const discard = () => {
    reset(saved);
    keep(saved, saved);
  };

  return (
    <form
      noValidate
      aria-label="About the club"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="flex flex-col gap-4"
    >
      {draft.restored && <KeptChanges onDiscard={discard} />}
      {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
      <TextField
        label="Tagline"
        autoComplete="off"
        hint="One line, at most 140 characters: the directory shows it under the club's name."
        error={errors.tagline?.message}
        {...field('tagline')}
      />
      <TextAreaField
        label="About"
        rows={6}
        hint="What the club does, at most 5,000 characters."
        error={errors.about?.message}
        {...field('about')}
      />
      <TextAreaField
        label="Contact"
        rows={2}
        hint="How students reach the club, at most 300 characters."
        error={errors.contact?.message}
        {...field('contact')}
      />
      <TextAreaField
        label="How to join"
        rows={4}
        hint="What a student does to join, at most 2,000 characters."
        error={errors.howToJoin?.message}
        {...field('howToJoin')}
      />
      <Controller
        control={control}
        name="tagIds"
        render={({ field: tags }) => (
          <TagChoice
            value={tags.value}
            onChange={(ids) => {
              tags.onChange(ids);
              edited('tagIds');
            }}
            error={errors.tagIds?.message}
          />
        )}
      />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {draft.dirty && <p className="text-sm text-ink-muted">{CLUB_ADMIN_TEXTS.unsavedChanges}</p>}
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          Save page
        </Button>
      </div>
    </form>
  );
}
