import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { DateTimeField } from '../../../components/ui/date-time-field';
import { TextField } from '../../../components/ui/text-field';
import type { EventFieldName, EventFormValues } from '../event-form-values';
import { EligibilityFields } from './eligibility-fields';
import { CheckboxField, Section } from './event-form-parts';

type RegistrationSectionProps = {
  /** Registration is required (its box is ticked): the window, fees, cap and eligibility show. */
  required: boolean;
  requiredRegistration: UseFormRegisterReturn;
  /** The form's registration of a field; an edit of the second clears the first's message. */
  field: (name: EventFieldName, clears?: EventFieldName) => UseFormRegisterReturn;
  errors: FieldErrors<EventFormValues>;
};

/** The event form's registration: whether required, its window, fees, cap and who may register; walk-ins. */
export function RegistrationSection({
  required,
  requiredRegistration,
  field,
  errors,
}: RegistrationSectionProps) {
  return (
    <Section title="Registration">
      <CheckboxField label="Registration required" registration={requiredRegistration} />
      {required && (
        <>
          <DateTimeField
            label="Registration opens"
            date={field('registrationStartDate')}
            time={field('registrationStartTime', 'registrationStartDate')}
            error={errors.registrationStartDate?.message}
          />
          <DateTimeField
            label="Registration closes"
            date={field('registrationEndDate')}
            time={field('registrationEndTime', 'registrationEndDate')}
            error={errors.registrationEndDate?.message}
          />
          <TextField
            label="Fees (₹)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0"
            error={errors.registrationFees?.message}
            {...field('registrationFees')}
          />
          <TextField
            label="Max participants"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={errors.maxParticipants?.message}
            {...field('maxParticipants')}
          />
          <EligibilityFields
            batchYears={field('eligibleBatchYears')}
            programs={field('eligiblePrograms')}
            disciplines={field('eligibleDisciplines')}
            errors={{
              batchYears: errors.eligibleBatchYears?.message,
              programs: errors.eligiblePrograms?.message,
              disciplines: errors.eligibleDisciplines?.message,
            }}
          />
        </>
      )}
      <CheckboxField label="Allow walk-ins at the door" registration={field('walkIns')} />
    </Section>
  );
}
