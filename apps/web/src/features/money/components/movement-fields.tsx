import {
  BUDGET_HEADING_LABELS,
  BUDGET_HEADINGS,
  MAX_MONEY_REASON,
  UNSPLIT_LINE_LABEL,
} from '@cosa/contracts';
import { SelectField } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { FieldMessages } from '../money-form';

/** What an allocation or a transfer says of the money moved. */
export type Movement = { heading: string; amount: string; reason: string };
export const NO_MOVEMENT: Movement = { heading: '', amount: '', reason: '' };

const HEADING_OPTIONS = [
  { value: '', label: `None (${UNSPLIT_LINE_LABEL})` },
  ...BUDGET_HEADINGS.map((heading) => ({ value: heading, label: BUDGET_HEADING_LABELS[heading] })),
];

/** The heading of the line, the amount in rupees and the reason: the fields every movement of money has. */
export function MovementFields({
  value,
  errors,
  onChange,
}: {
  value: Movement;
  errors: FieldMessages;
  onChange: (patch: Partial<Movement>) => void;
}) {
  return (
    <>
      <SelectField
        label="Heading"
        hint="What the line is for; none keeps the money in one general line."
        options={HEADING_OPTIONS}
        value={value.heading}
        error={errors.heading}
        onChange={(event) => onChange({ heading: event.target.value })}
      />
      <TextField
        label="Amount (₹)"
        required
        inputMode="decimal"
        autoComplete="off"
        value={value.amount}
        error={errors.amount}
        onChange={(event) => onChange({ amount: event.target.value })}
      />
      <TextAreaField
        label="Reason"
        required
        rows={3}
        hint={`Why, in a line or two: at most ${MAX_MONEY_REASON} characters.`}
        value={value.reason}
        error={errors.reason}
        onChange={(event) => onChange({ reason: event.target.value })}
      />
    </>
  );
}
