import type { UseFormRegisterReturn } from 'react-hook-form';
import { DISCIPLINES, PROGRAMS } from '@cosa/contracts';
import { CheckboxGroup } from '../../../components/ui/checkbox-group';
import { TextField } from '../../../components/ui/text-field';

type EligibilityFieldsProps = {
  batchYears: UseFormRegisterReturn;
  programs: UseFormRegisterReturn;
  disciplines: UseFormRegisterReturn;
  errors: { batchYears?: string; programs?: string; disciplines?: string };
};

/**
 * Who may register, checked against the institute's record of each student: batch (admission)
 * years, programs and disciplines. A part left empty admits everyone.
 */
export function EligibilityFields({
  batchYears,
  programs,
  disciplines,
  errors,
}: EligibilityFieldsProps) {
  return (
    <>
      <p className="text-sm text-ink-muted sm:col-span-2">
        Who may register, read from the institute&apos;s record of each student. Leave a part empty to
        admit everyone.
      </p>
      <TextField
        label="Batch years"
        autoComplete="off"
        placeholder="e.g. 2024, 2025"
        hint="Admission years, separated by commas."
        containerClassName="sm:col-span-2"
        error={errors.batchYears}
        {...batchYears}
      />
      <CheckboxGroup
        legend="Programs"
        hint="Tick the programs that may register."
        options={PROGRAMS}
        registration={programs}
        error={errors.programs}
      />
      <CheckboxGroup
        legend="Disciplines"
        hint="Tick the disciplines that may register."
        options={DISCIPLINES}
        registration={disciplines}
        error={errors.disciplines}
      />
    </>
  );
}
