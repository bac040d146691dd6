import { cn } from '../../lib/cn';

/** Up to two capital letters: the first letters of the first and last words of a name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

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
