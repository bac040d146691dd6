import {
  formatRupees,
  MAX_CLAIM_DESCRIPTION,
  MAX_CLAIM_PAYEE,
  type ClaimOptions,
} from '@cosa/contracts';
import { SelectField } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useUnitLines } from '../api/lines';
import { lineLabel } from '../money-labels';
import type { FieldMessages } from '../money-form';

/** The claim's fields as typed. */
export type ClaimValues = {
  unitId: string;
  eventId: string;
  lineId: string;
  amount: string;
  payee: string;
  description: string;
};

type ClaimFieldsProps = {
  values: ClaimValues;
  units: ClaimOptions['units'];
  tenureYear: string;
  errors: FieldMessages;
  onChange: (patch: Partial<ClaimValues>) => void;
};

/** The club, its event, the budget line (with what each has left), the amount, the payee and what was bought. */
export function ClaimFields({ values, units, tenureYear, errors, onChange }: ClaimFieldsProps) {
  const lines = useUnitLines(values.unitId, tenureYear);
  const unit = units.find((candidate) => candidate.id === values.unitId);
  const lineOptions = (lines.data?.lines ?? []).map((line) => ({
    value: line.id,
    label: `${lineLabel(line.heading)}: ${formatRupees(line.available)} available`,
  }));
  let lineHint = `The club's lines for ${tenureYear}.`;
  if (!values.unitId) lineHint = 'Choose the club first.';
  else if (lines.isPending) lineHint = 'Loading the club’s lines...';
  else if (lines.isError)
    lineHint = 'The club’s lines could not be loaded. Choose the club again to retry.';
  else if (lineOptions.length === 0) lineHint = `The club has no budget line for ${tenureYear} yet.`;
  return (
    <>
      <SelectField
        label="Club"
        required
        options={units.map((option) => ({ value: option.id, label: option.name }))}
        placeholder="Choose the club"
        value={values.unitId}
        error={errors.unitId}
        onChange={(event) => onChange({ unitId: event.target.value, eventId: '', lineId: '' })}
      />
      <SelectField
        label="Event"
        hint="The event the money was spent for, if any."
        options={(unit?.events ?? []).map((event) => ({ value: event.id, label: event.title }))}
        placeholder="None"
        value={values.eventId}
        error={errors.eventId}
        disabled={!unit}
        onChange={(event) => onChange({ eventId: event.target.value })}
      />
      <SelectField
        label="Budget line"
        required
        options={lineOptions}
        placeholder="Choose the line"
        value={values.lineId}
        hint={lineHint}
        error={errors.lineId}
        disabled={!values.unitId}
        onChange={(event) => onChange({ lineId: event.target.value })}
      />
      <TextField
        label="Amount (₹)"
        required
        inputMode="decimal"
        autoComplete="off"
        value={values.amount}
        error={errors.amount}
        onChange={(event) => onChange({ amount: event.target.value })}
      />
      <TextField
        label="Payee"
        required
        maxLength={MAX_CLAIM_PAYEE}
        hint="Who is to be paid: the shop, or the person who paid out of pocket."
        value={values.payee}
        error={errors.payee}
        onChange={(event) => onChange({ payee: event.target.value })}
      />
      <TextAreaField
        label="Description"
        required
        rows={4}
        maxLength={MAX_CLAIM_DESCRIPTION}
        hint="What was bought or paid for, and why."
        value={values.description}
        error={errors.description}
        onChange={(event) => onChange({ description: event.target.value })}
      />
    </>
  );
}
