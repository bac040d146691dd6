import { cn } from '../../../lib/cn';
import { initialsOf } from '../../../lib/initials';

/**
 * A club's square logo, or its initials without one. The club's name is always written beside it,
 * so the picture itself is not read out.
 */
export function ClubLogo({
  name,
  logoUrl,
  className,
}: {
  name: string;
  logoUrl: string | null;
  className?: string;
}) {
  const box = cn('size-14 shrink-0 rounded-lg border border-line-soft', className);
  if (logoUrl) return <img src={logoUrl} alt="" className={cn(box, 'bg-surface object-cover')} />;
  return (
    <span
      aria-hidden="true"
      className={cn(
        box,
        'inline-flex items-center justify-center bg-accent-soft text-lg font-semibold text-accent-ink select-none',
      )}
    >
      {initialsOf(name)}
    </span>
  );
}

/** A category as the pages show it: 'technical' reads 'Technical'. */
export const categoryLabel = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);
