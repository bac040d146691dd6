import { cn } from '../../lib/cn';

type SpinnerProps = {
  /** Read by screen readers; also shown when visibleLabel is set. */
  label?: string;
  visibleLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' } as const;

/** A busy indicator with an accessible label. */
export function Spinner({
  label = 'Loading',
  visibleLabel = false,
  size = 'md',
  className,
}: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'inline-block animate-spin rounded-full border-current border-t-transparent',
          SIZES[size],
        )}
      />
      <span className={visibleLabel ? 'text-sm text-ink-muted' : 'sr-only'}>{label}</span>
    </span>
  );
}
