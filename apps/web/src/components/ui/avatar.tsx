import { cn } from '../../lib/cn';
import { initialsOf } from '../../lib/initials';

/** A round badge with a person's initials; the name is read out instead of the letters. */
export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      role="img"
      aria-label={name}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-on-accent select-none',
        className,
      )}
    >
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  );
}
