import { useMemo, useState, type FormEvent } from 'react';
import { REPORT_MESSAGES, ReportQuerySchema, tenureYearOptions } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import type { ReportPeriod } from '../report-period';

type RangeErrors = { from?: string; to?: string };

/** The contract's own checks of a range, as messages beside the two dates. */
function rangeErrors(from: string, to: string): RangeErrors {
  if (!from && !to) return { from: REPORT_MESSAGES.rangeHalf };
  const checked = ReportQuerySchema.safeParse({ from: from || undefined, to: to || undefined });
  if (checked.success) return {};
  const errors: RangeErrors = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] === 'from' ? 'from' : 'to';
    errors[field] ??= issue.message;
  }
  return errors;
}

function DateRangeForm({
  initial,
  onChoose,
}: {
  initial: { from: string; to: string };
  onChoose: (period: ReportPeriod) => void;
}) {
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [errors, setErrors] = useState<RangeErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeErrors(from, to);
    setErrors(found);
    if (!found.from && !found.to) onChoose({ from, to });
  };
  return (
    <form
      aria-label="Date range"
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        label="From"
        type="date"
        value={from}
        error={errors.from}
        onChange={(event) => setFrom(event.target.value)}
        containerClassName="sm:w-44"
      />
      <TextField
        label="To"
        type="date"
        value={to}
        error={errors.to}
        onChange={(event) => setTo(event.target.value)}
        containerClassName="sm:w-44"
      />
      <Button type="submit" variant="secondary" className="sm:mt-6">
        Show report
      </Button>
    </form>
  );
}

const MODES = [
  { value: 'tenure', label: 'Tenure' },
  { value: 'range', label: 'Date range' },
];

/**
 * The report's period: a tenure from the list, or a range of days checked as the server checks
 * it. A range is sent only once both days are given and in order.
 */
export function PeriodControl({
  period,
  thisTenure,
  shownDays,
  onChoose,
}: {
  period: ReportPeriod;
  /** The tenure a switch back from a range shows. */
  thisTenure: string;
  /** The first and last day of the report shown, to start a range from. */
  shownDays?: { from: string; to: string };
  onChoose: (period: ReportPeriod) => void;
}) {
  const [mode, setMode] = useState<'tenure' | 'range'>('tenure' in period ? 'tenure' : 'range');
  const tenure = 'tenure' in period ? period.tenure : thisTenure;
  const tenures = useMemo(() => {
    const years = tenureYearOptions(new Date()).reverse();
    if (!years.includes(tenure)) years.unshift(tenure);
    return years.map((year) => ({ value: year, label: year }));
  }, [tenure]);
  const range = 'from' in period ? period : (shownDays ?? { from: '', to: '' });

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <SelectField
        label="Period"
        options={MODES}
        value={mode}
        onChange={(event) => {
          const next = event.target.value === 'range' ? 'range' : 'tenure';
          setMode(next);
          if (next === 'tenure' && !('tenure' in period)) onChoose({ tenure });
        }}
        containerClassName="sm:w-40"
      />
      {mode === 'tenure' ? (
        <SelectField
          label="Tenure"
          options={tenures}
          value={tenure}
          onChange={(event) => onChoose({ tenure: event.target.value })}
          containerClassName="sm:w-44"
        />
      ) : (
        // A new report's days start the form again.
        <DateRangeForm key={`${range.from}/${range.to}`} initial={range} onChoose={onChoose} />
      )}
    </div>
  );
}
