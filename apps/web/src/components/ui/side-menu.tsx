import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';

export type SideMenuItem = { label: string; to: string };

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-lg px-3 py-2 text-sm font-medium break-words',
    'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent',
    isActive ? 'bg-accent text-on-accent' : 'text-ink hover:bg-accent-soft hover:text-accent-ink',
  );

type SideMenuProps = {
  /** Names the navigation for screen readers. */
  label: string;
  items: readonly SideMenuItem[];
  /** An entry is current only on its own address, not on the pages below it. */
  exact?: boolean;
  className?: string;
};

/**
 * A side column of links on a wide screen; on a phone a 'Menu' button folds the same list open
 * and shut, so it never pushes the page sideways.
 */
export function SideMenu({ label, items, exact = false, className }: SideMenuProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav
      aria-label={label}
      className={cn(
        'min-w-0 rounded-card border border-line-soft bg-surface p-2 shadow-card',
        className,
      )}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center justify-between rounded-lg px-3 text-sm font-semibold text-ink hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent lg:hidden"
      >
        Menu
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={cn('size-4 transition-transform', open && 'rotate-180')}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={listId} className={cn('flex-col gap-0.5 lg:flex', open ? 'mt-1 flex' : 'hidden')}>
        {items.map((item) => (
          <li key={item.label}>
            <NavLink to={item.to} end={exact} className={linkClasses} onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
