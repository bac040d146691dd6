import { useState, type FormEvent } from 'react';
import {
  DISCIPLINES,
  IDENTITY_MESSAGES,
  INSTITUTE_FACT_LABELS,
  INSTITUTE_FACTS,
  PROGRAMS,
  type InstituteFact,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { optionsOf, SelectField } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useFileCorrection } from '../api/corrections';

const FACT_OPTIONS = INSTITUTE_FACTS.map((fact) => ({
  value: fact,
  label: INSTITUTE_FACT_LABELS[fact],
}));

/** "Ask for a correction": the fact, the value the student says is right, and why; the administrator decides. */
export function CorrectionDialog() {
  const [open, setOpen] = useState(false);
  const [field, setField] = useState<InstituteFact | ''>('');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const file = useFileCorrection();

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setField('');
      setValue('');
      setReason('');
      setErrors({});
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!field) problems.field = IDENTITY_MESSAGES.fieldRequired;
    if (!value.trim()) problems.value = IDENTITY_MESSAGES.valueRequired;
    if (!reason.trim()) problems.reason = IDENTITY_MESSAGES.reasonRequired;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !field) return;
    file.mutate(
      { field, value: value.trim(), reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(IDENTITY_MESSAGES.filed);
          reset(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          else setErrors({ root: error instanceof Error ? error.message : String(error) });
        },
      },
    );
  };

  const choices = field === 'program' ? PROGRAMS : field === 'discipline' ? DISCIPLINES : null;
  return (
    <Dialog
      open={open}
      onOpenChange={reset}
      title={IDENTITY_MESSAGES.askCorrection}
      description="The administrator checks your request against the institute’s records and approves or declines it. You are notified either way."
      trigger={<Button variant="secondary">{IDENTITY_MESSAGES.askCorrection}</Button>}
    >
      <form
        noValidate
        aria-label={IDENTITY_MESSAGES.askCorrection}
        onSubmit={submit}
        className="flex flex-col gap-4"
      >
        {errors.root && <Alert tone="error">{errors.root}</Alert>}
        <SelectField
          label="Fact to correct"
          placeholder="Choose a fact"
          options={FACT_OPTIONS}
          value={field}
          error={errors.field}
          onChange={(event) => {
            setField(event.target.value as InstituteFact | '');
            setValue('');
          }}
        />
        {choices ? (
          <SelectField
            label="Correct value"
            placeholder="Choose a value"
            options={optionsOf(choices)}
            value={value}
            error={errors.value}
            onChange={(event) => setValue(event.target.value)}
          />
        ) : (
          <TextField
            label="Correct value"
            value={value}
            maxLength={200}
            inputMode={
              field === 'studentId' || field === 'admissionYear'
                ? 'numeric'
                : field === 'cgpa'
                  ? 'decimal'
                  : undefined
            }
            error={errors.value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
        <TextAreaField
          label="Why is the institute’s value wrong?"
          value={reason}
          maxLength={500}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant="secondary"
            onClick={() => reset(false)}
            disabled={file.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" loading={file.isPending} loadingText="Sending...">
            Send request
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
