import { useMemo } from 'react';
import { tenureYearOptions } from '@cosa/contracts';
import { SelectField } from '../../../components/ui/select';

/** A tenure picker, newest first; `shown` (the tenure the server answered for) is always offered. */
export function TenureSelect({
  value,
  shown,
  onChange,
  placeholder,
}: {
  value: string;
  shown?: string;
  onChange: (tenureYear: string) => void;
  /** A first choice for no tenure ('All tenures'). */
  placeholder?: string;
}) {
  const options = useMemo(() => {
    const years = tenureYearOptions(new Date()).reverse();
    if (shown && !years.includes(shown)) years.unshift(shown);
    return years.map((year) => ({ value: year, label: year }));
  }, [shown]);
  return (
    <SelectField
      label="Tenure"
      options={options}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      containerClassName="sm:w-44"
    />
  );
}
