import { cn } from '../../../lib/cn';

/** A row of toggle buttons choosing which list is shown. */
export function StatusTabs({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-full border px-3 py-1 text-sm',
            value === option.value
              ? 'border-accent bg-accent text-on-accent'
              : 'border-line bg-surface text-ink hover:bg-accent-soft',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
