import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import type { NavEntry, NavSection } from './navigation';

type NavListProps = {
  sections: readonly NavSection[];
  /** The entry of the page on screen, marked aria-current="page". */
  current: NavEntry | undefined;
  /** Called when a link is followed, e.g. to close the menu sheet. */
  onNavigate?: () => void;
};

/** The user's sections, each a heading over its links; the current place is marked. */
export function NavList({ sections, current, onNavigate }: NavListProps) {
  return (
    <div className="flex flex-col gap-4">
      {sections.map((section) => (
        <div key={section.id} className="min-w-0">
          {/* One section needs no heading: the navigation's own name says what it is. */}
          {sections.length > 1 && (
            <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
              {section.label}
            </h2>
          )}
          <ul className="flex flex-col gap-0.5">
            {section.entries.map((entry) => {
              const active = entry === current;
              return (
                <li key={entry.to}>
                  <Link
                    to={entry.to}
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavigate}
                    className={cn(
                      'block rounded-lg px-3 py-2 text-sm font-medium break-words',
                      'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent',
                      active
                        ? 'bg-accent text-on-accent'
                        : 'text-ink hover:bg-accent-soft hover:text-accent-ink',
                    )}
                  >
                    {entry.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
