import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ADMIN_SKILL_MESSAGES,
  SKILL_TYPE_LABELS,
  SKILL_TYPES,
  type AdminSkill,
  type AdminSkillUpdate,
} from '@cosa/contracts';
import { SelectField } from '../../../../components/ui/select';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { TextField } from '../../../../components/ui/text-field';
import { ApiError } from '../../../../lib/api-client';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { FormDialog } from '../../components/form-dialog';
import { useUpdateSkill } from '../api/admin-skills';

type EditValues = { name: string; category: string; type: AdminSkill['type']; description: string };
const FIELDS = ['name', 'category', 'type', 'description'] as const;
const TYPE_OPTIONS = SKILL_TYPES.map((type) => ({ value: type, label: SKILL_TYPE_LABELS[type] }));

const valuesOf = (skill: AdminSkill): EditValues => ({
  name: skill.name,
  category: skill.category,
  type: skill.type,
  description: skill.description ?? '',
});

/** Only what the administrator changed is sent, so the audit log shows exactly that. */
function changesOf(skill: AdminSkill, values: EditValues): AdminSkillUpdate {
  const before = valuesOf(skill);
  const changes: AdminSkillUpdate = {};
  if (values.name.trim() !== before.name) changes.name = values.name;
  if (values.category.trim() !== before.category) changes.category = values.category;
  if (values.type !== before.type) changes.type = values.type;
  if (values.description.trim() !== before.description) changes.description = values.description;
  return changes;
}

/** Rename, retype, recategorise or describe a skill; the server's field messages show under the fields. */
export function SkillEditDialog({ skill }: { skill: AdminSkill }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateSkill(skill.id);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<EditValues>({ defaultValues: valuesOf(skill) });

  const onOpenChange = (next: boolean) => {
    if (update.isPending) return;
    if (next) reset(valuesOf(skill));
    setOpen(next);
  };
  const onValid = async (values: EditValues) => {
    const changes = changesOf(skill, values);
    if (Object.keys(changes).length === 0) {
      setError('root', { message: ADMIN_SKILL_MESSAGES.nothingToChange });
      return;
    }
    try {
      await update.mutateAsync(changes);
      toast.success(ADMIN_SKILL_MESSAGES.updated);
      setOpen(false);
    } catch (error) {
      if (applyFieldErrors(error, setError, FIELDS)) return;
      setError('root', {
        message:
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : ADMIN_SKILL_MESSAGES.updateFailed,
      });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Edit ${skill.name}`}
      description={skill.skillCode}
      trigger={{ label: 'Edit', ariaLabel: `Edit ${skill.name}`, variant: 'secondary', size: 'sm' }}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      rootError={errors.root?.message}
      pending={update.isPending}
      submitLabel="Save changes"
      pendingLabel="Saving..."
    >
      <TextField
        label="Name"
        required
        maxLength={80}
        error={errors.name?.message}
        {...register('name', {
          required: ADMIN_SKILL_MESSAGES.nameRequired,
          validate: (value) => value.trim() !== '' || ADMIN_SKILL_MESSAGES.nameRequired,
        })}
      />
      <TextField
        label="Category"
        required
        maxLength={60}
        error={errors.category?.message}
        {...register('category', {
          validate: (value) => value.trim() !== '' || ADMIN_SKILL_MESSAGES.categoryRequired,
        })}
      />
      <SelectField
        label="Type"
        options={TYPE_OPTIONS}
        error={errors.type?.message}
        {...register('type')}
      />
      <TextAreaField
        label="Description"
        maxLength={1000}
        error={errors.description?.message}
        {...register('description')}
      />
    </FormDialog>
  );
}
