import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';

/** The student's side menu, in the spec's order (section 1), after a way back to the dashboard. */
const STUDENT_MENU = [
  { label: 'Home', to: paths.home },
  { label: 'Profile', to: paths.profile },
  { label: 'COSA View', to: paths.cosa },
  { label: 'Give Feedback', to: paths.feedback },
  { label: 'Events', to: paths.events },
  { label: 'Manage Skills', to: paths.skills },
  { label: 'Manage Positions', to: paths.managePosition },
  { label: 'Add Achievement', to: paths.addAchievement },
  { label: 'View Achievements', to: paths.viewAchievements },
  { label: 'View Feedback', to: paths.viewFeedback },
  { label: 'Logout', to: paths.logout },
] as const;

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-lg px-3 py-2 text-sm font-medium break-words',
    'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent',
    isActive ? 'bg-accent text-on-accent' : 'text-ink hover:bg-accent-soft hover:text-accent-ink',
  );

/**
 * A side column on a wide screen; on a phone a 'Menu' button folds the same list open and shut,
 * so it never pushes the page sideways.
 */
export function StudentMenu({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav aria-label="Student menu" className={cn('min-w-0 rounded-card border border-line-soft bg-surface p-2 shadow-card', className)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center justify-between rounded-lg px-3 text-sm font-semibold text-ink hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent lg:hidden"
      >
        Menu
        <svg aria-hidden="true" viewBox="0 0 20 20" className={cn('size-4 transition-transform', open && 'rotate-180')} fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={listId} className={cn('flex-col gap-0.5 lg:flex', open ? 'mt-1 flex' : 'hidden')}>
        {STUDENT_MENU.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={linkClasses} onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
