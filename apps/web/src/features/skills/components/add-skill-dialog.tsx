import { useId, useRef } from 'react';
import { Controller, useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import {
  PROFICIENCY_LEVELS,
  SKILL_MESSAGES,
  SKILL_TYPES,
  type AddUserSkillRequest,
  type UserSkill,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LazySearchPicker, usePreloadSearchPicker } from '../../../components/ui/lazy-search-picker';
import { SelectField } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAddMySkill } from '../api/add-my-skill';
import { useMyPositionOptions } from '../api/get-my-position-options';
import { searchSkillCatalogue, skillCatalogueKey } from '../api/search-skill-catalogue';
import {
  ADD_SKILL_DEFAULTS,
  formFieldOf,
  isNewSkill,
  NEW_SKILL_OPTION,
  resolveAddSkill,
  type AddSkillValues,
} from '../add-skill-form';
import { TextAreaField } from '../../../components/ui/text-area-field';

const EXTRA_OPTIONS = [NEW_SKILL_OPTION];
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const PROFICIENCY_OPTIONS = PROFICIENCY_LEVELS.map((value) => ({ value, label: capitalised(value) }));
const SKILL_TYPE_OPTIONS = SKILL_TYPES.map((value) => ({ value, label: capitalised(value) }));

/** Puts the server's answer to a failed add where the student will see it. */
function showFailure(error: unknown, setError: UseFormSetError<AddSkillValues>): void {
  let applied = false;
  if (error instanceof ApiError && error.fields) {
    for (const [key, message] of Object.entries(error.fields)) {
      const field = formFieldOf(key);
      if (!field) continue;
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  // A conflict names its cause ('You have already added this skill.'); other failures get the spec's alert.
  if (error instanceof ApiError && error.status === 409) {
    if (!applied) setError('root.server', { message: error.message });
  } else {
    setError('root.server', { message: SKILL_MESSAGES.addFailed });
  }
}

type AddSkillFormProps = {
  id: string;
  existing: readonly UserSkill[];
  submit: (
    request: AddUserSkillRequest,
    handlers: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
  onAdded: () => void;
};

function AddSkillForm({ id, existing, submit, onAdded }: AddSkillFormProps) {
  const newSkillErrorId = useId();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddSkillValues, readonly UserSkill[], AddUserSkillRequest>({
    defaultValues: ADD_SKILL_DEFAULTS,
    resolver: resolveAddSkill,
    context: existing,
  });
  const skill = useWatch({ control, name: 'skill' });
  const positions = useMyPositionOptions();

  // A double click validates twice before the request is pending: only the first valid submit is sent.
  const sending = useRef(false);
  const onValid = (request: AddUserSkillRequest) => {
    if (sending.current) return;
    sending.current = true;
    submit(request, {
      onSuccess: () => {
        sending.current = false;
        toast.success(SKILL_MESSAGES.added);
        onAdded();
      },
      onError: (error) => {
        sending.current = false;
        showFailure(error, setError);
      },
    });
  };

  const newSkillError = errors.newSkill?.message;
  return (
    <form
      id={id}
      noValidate
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      aria-label="Add Skill"
      className="grid gap-4"
    >
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <Controller
        control={control}
        name="skill"
        render={({ field }) => (
          <LazySearchPicker
            label="Skill"
            required
            value={field.value}
            onChange={field.onChange}
            search={searchSkillCatalogue}
            queryKey={skillCatalogueKey}
            extraOptions={EXTRA_OPTIONS}
            placeholder="Search the skill catalogue"
            hint="Not in the list? Choose '+ Add new skill'."
            error={errors.skill?.message}
          />
        )}
      />
      {isNewSkill(skill) && (
        <fieldset
          className="grid min-w-0 gap-4 rounded-lg border border-line p-3 sm:grid-cols-2"
          aria-describedby={newSkillError ? newSkillErrorId : undefined}
        >
          <legend className="px-1 text-sm font-medium text-ink">New skill</legend>
          {newSkillError && (
            <p id={newSkillErrorId} role="alert" className="text-sm text-danger-700 sm:col-span-2">
              {newSkillError}
            </p>
          )}
          <TextField
            label="Skill name"
            required
            autoComplete="off"
            error={errors.newSkill?.name?.message}
            {...register('newSkill.name')}
          />
          <TextField
            label="Category"
            required
            autoComplete="off"
            hint="e.g. Programming, Music"
            error={errors.newSkill?.category?.message}
            {...register('newSkill.category')}
          />
          <SelectField
            label="Skill type"
            required
            placeholder="Select a type"
            options={SKILL_TYPE_OPTIONS}
            error={errors.newSkill?.type?.message}
            {...register('newSkill.type')}
          />
          <TextAreaField
            label="Description"
            containerClassName="sm:col-span-2"
            error={errors.newSkill?.description?.message}
            {...register('newSkill.description')}
          />
        </fieldset>
      )}
      <SelectField
        label="Proficiency level"
        required
        options={PROFICIENCY_OPTIONS}
        error={errors.proficiencyLevel?.message}
        {...register('proficiencyLevel')}
      />
      <SelectField
        label="Associated position"
        placeholder="None"
        options={positions.data ?? []}
        hint={
          positions.isError
            ? 'Your positions could not be loaded; you can add the skill without one.'
            : 'Optional: a position in which you use this skill.'
        }
        error={errors.positionId?.message}
        {...register('positionId')}
      />
    </form>
  );
}

type AddSkillDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  existing: readonly UserSkill[];
};

/** The Add Skill modal: a catalogue skill or a new one, a proficiency level and, optionally, one of the student's positions. */
export function AddSkillDialog({ open, onOpenChange, existing }: AddSkillDialogProps) {
  const formId = useId();
  const addSkill = useAddMySkill();
  usePreloadSearchPicker();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Skill"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={addSkill.isPending}>
            Add Skill
          </Button>
        </>
      }
    >
      <AddSkillForm
        id={formId}
        existing={existing}
        submit={addSkill.mutate}
        onAdded={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
