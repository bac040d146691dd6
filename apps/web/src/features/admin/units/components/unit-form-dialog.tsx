import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  ADMIN_UNIT_MESSAGES,
  MAX_UNIT_CATEGORY,
  MAX_UNIT_DESCRIPTION,
  MAX_UNIT_NAME,
  UNIT_TYPE_LABELS,
  UNIT_TYPES,
  type AdminUnit,
  type UnitCreateInput,
} from '@cosa/contracts';
import type { ButtonVariant } from '../../../../components/ui/button';
import { SelectField } from '../../../../components/ui/select';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { TextField } from '../../../../components/ui/text-field';
import { ApiError } from '../../../../lib/api-client';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { formatINR } from '../../../../lib/format';
import { paths } from '../../../../lib/paths';
import { toast } from '../../../../lib/toast';
import { FormDialog } from '../../components/form-dialog';
import { useCreateUnit, useUpdateUnit } from '../api/admin-units';
import { parentChoices } from '../unit-tree';
import {
  emptyUnitForm,
  UNIT_FIELDS,
  unitChanges,
  unitFormValues,
  unitResolver,
  type UnitFormValues,
} from '../unit-form-values';

const TYPE_OPTIONS = UNIT_TYPES.map((type) => ({ value: type, label: UNIT_TYPE_LABELS[type] }));

type UnitFormDialogProps = {
  /** Every unit, for the parent picker. */
  units: readonly AdminUnit[];
  /** The unit to edit; none adds a new one. */
  unit?: AdminUnit;
  triggerLabel: string;
  triggerAriaLabel?: string;
  triggerVariant?: ButtonVariant;
  triggerSize?: 'sm' | 'md';
};

/** Add or edit a unit: name, type, the unit above (never itself or one of its own), description, category and contact; its budget is shown, allocated on the budgets page. */
export function UnitFormDialog({
  units,
  unit,
  triggerLabel,
  triggerAriaLabel,
  triggerVariant = 'primary',
  triggerSize = 'md',
}: UnitFormDialogProps) {
  const [open, setOpen] = useState(false);
  const create = useCreateUnit();
  const update = useUpdateUnit(unit?.id ?? '');
  const pending = create.isPending || update.isPending;
  const defaults = () =>
    unit
      ? unitFormValues(unit)
      : emptyUnitForm(units.find((each) => each.type === 'council' && !each.retiredAt)?.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<UnitFormValues, unknown, UnitCreateInput>({
    resolver: unitResolver,
    defaultValues: defaults(),
    reValidateMode: 'onSubmit',
  });
  const type = useWatch({ control, name: 'type' });
  const choices = parentChoices(units, type, unit?.id);
  const title = unit ? ADMIN_UNIT_MESSAGES.editTitle(unit.name) : ADMIN_UNIT_MESSAGES.addTitle;

  const onOpenChange = (next: boolean) => {
    if (pending) return;
    if (next) reset(defaults());
    setOpen(next);
  };
  const onValid = async (input: UnitCreateInput) => {
    try {
      if (unit) {
        const changes = unitChanges(unit, input);
        if (Object.keys(changes).length === 0) {
          setError('root', { message: ADMIN_UNIT_MESSAGES.nothingToChange });
          return;
        }
        const saved = await update.mutateAsync(changes);
        toast.success(ADMIN_UNIT_MESSAGES.updated(saved.name));
      } else {
        const saved = await create.mutateAsync(input);
        toast.success(ADMIN_UNIT_MESSAGES.created(saved.name));
      }
      setOpen(false);
    } catch (error) {
      if (applyFieldErrors(error, setError, UNIT_FIELDS)) return;
      setError('root', {
        message:
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : ADMIN_UNIT_MESSAGES.saveFailed,
      });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={unit?.code}
      trigger={{
        label: triggerLabel,
        ariaLabel: triggerAriaLabel,
        variant: triggerVariant,
        size: triggerSize,
      }}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      rootError={errors.root?.message}
      pending={pending}
      submitLabel={unit ? ADMIN_UNIT_MESSAGES.save : ADMIN_UNIT_MESSAGES.create}
      pendingLabel={unit ? ADMIN_UNIT_MESSAGES.saving : ADMIN_UNIT_MESSAGES.creating}
      columns
    >
      <TextField
        label="Name"
        required
        maxLength={MAX_UNIT_NAME}
        autoComplete="off"
        containerClassName="sm:col-span-2"
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label="Type"
        required
        placeholder={unit ? undefined : 'Choose a type'}
        options={TYPE_OPTIONS}
        error={errors.type?.message}
        hint={ADMIN_UNIT_MESSAGES.typeHint}
        {...register('type')}
      />
      <SelectField
        label="Sits under"
        required={type !== 'council'}
        placeholder={type === 'council' ? 'None: the top of the tree' : 'Choose a unit'}
        options={
          type === 'council'
            ? []
            : choices.map((choice) => ({
                value: choice.id,
                label: `${choice.name} (${UNIT_TYPE_LABELS[choice.type]})`,
              }))
        }
        error={errors.parentId?.message}
        {...register('parentId')}
      />
      <TextAreaField
        label="Description"
        maxLength={MAX_UNIT_DESCRIPTION}
        containerClassName="sm:col-span-2"
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label="Category"
        maxLength={MAX_UNIT_CATEGORY}
        autoComplete="off"
        hint="For example technical, cultural or sports."
        error={errors.category?.message}
        {...register('category')}
      />
      <TextField
        label="Contact e-mail"
        type="email"
        autoComplete="off"
        error={errors.contactEmail?.message}
        {...register('contactEmail')}
      />
      {unit && (
        <p className="text-sm text-ink-muted">
          Budget this tenure: {formatINR(unit.budgetAllocated)} allocated, {formatINR(unit.budgetSpent)}{' '}
          spent. Money is allocated on the{' '}
          <Link to={paths.money} className="text-accent-ink underline underline-offset-2">
            budgets page
          </Link>
          .
        </p>
      )}
    </FormDialog>
  );
}
