import { cn } from '../../lib/cn';

type InstituteLogoProps = {
  instituteName: string;
  /** Shown beside the emblem, e.g. 'IIT Bhilai'. */
  shortName?: string;
  /** The institute's own image; the built-in emblem is drawn when empty. */
  logoUrl?: string | null;
  size?: 'sm' | 'md' | 'lg';
  /** Hidden from screen readers when the name is already written next to it. */
  decorative?: boolean;
  className?: string;
};

const EMBLEM = { sm: 'size-8', md: 'size-12', lg: 'size-16' } as const;
const IMAGE = { sm: 'h-8', md: 'h-12', lg: 'h-16' } as const;
const TEXT = { sm: 'text-sm', md: 'text-base', lg: 'text-lg' } as const;

function Emblem({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('shrink-0', className)} aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="31" fill="var(--color-brand-800)" />
      <circle cx="32" cy="32" r="26" fill="none" stroke="var(--color-gold-400)" strokeWidth="2.5" />
      <path
        d="M32 12l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L32 26.8l-5.8 3.1 1.1-6.5-4.7-4.6 6.5-.9z"
        fill="var(--color-gold-400)"
      />
      <path d="M14 35c6-2.5 12-2.5 18 1v15c-6-3.5-12-3.5-18-1z" fill="#ffffff" />
      <path d="M50 35c-6-2.5-12-2.5-18 1v15c6-3.5 12-3.5 18-1z" fill="var(--color-brand-100)" />
      <path d="M32 36v15" stroke="var(--color-brand-800)" strokeWidth="1.5" />
    </svg>
  );
}

/** The institute's logo: its own image when configured, otherwise an emblem with the name. */
export function InstituteLogo({
  instituteName,
  shortName,
  logoUrl,
  size = 'md',
  decorative = false,
  className,
}: InstituteLogoProps) {
  const label = `${instituteName} logo`;
  if (logoUrl) {
    return (
      <img
        src={logoUrl}
        alt={decorative ? '' : label}
        className={cn('w-auto max-w-full object-contain', IMAGE[size], className)}
      />
    );
  }
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label };
  return (
    <span {...a11y} className={cn('inline-flex max-w-full min-w-0 items-center gap-2', className)}>
      <Emblem className={EMBLEM[size]} />
      <span className="flex min-w-0 flex-col leading-tight">
        <span className={cn('truncate font-semibold text-ink', TEXT[size])}>
          {shortName ?? instituteName}
        </span>
        <span className="truncate text-xs font-medium tracking-wide text-ink-muted uppercase">
          COSA Portal
        </span>
      </span>
    </span>
  );
}
