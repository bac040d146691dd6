import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { ThemeName } from '../../lib/theme';

type DashboardHeaderProps = {
  /** The page's h1, e.g. 'President Dashboard' or 'Welcome, Asha'. */
  title: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Shown beside the title, e.g. a Badge. */
  badge?: ReactNode;
  /** The role's token set; the page's own theme when left out. */
  theme?: ThemeName;
  /** Controls beside the title, e.g. a search box and a settings button. */
  controls?: ReactNode;
  className?: string;
};

/**
 * The title card of every landing page: title, subtitle, badge and the page's own controls (the
 * bell, the user's menu and Logout are the shell's, on every page).
 */
export function DashboardHeader({
  title,
  subtitle,
  badge,
  theme,
  controls,
  className,
}: DashboardHeaderProps) {
  return (
    <header
      data-theme={theme}
      className={cn(
        'mb-6 flex min-w-0 flex-col gap-4 rounded-card border border-t-4 border-line-soft border-t-accent bg-surface p-4 shadow-card sm:p-6',
        // With extra controls the title needs the room of a wide screen before the two sit side by side.
        controls
          ? 'lg:flex-row lg:items-center lg:justify-between'
          : 'sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">{title}</h1>
          {badge}
        </div>
        {subtitle && <p className="mt-1 text-sm break-words text-ink-muted sm:text-base">{subtitle}</p>}
      </div>
      {controls && <div className="flex min-w-0 flex-wrap items-center gap-2 sm:gap-3">{controls}</div>}
    </header>
  );
}
