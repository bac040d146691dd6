import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

const LINKS = [
  {
    title: 'Approve Requests',
    description: 'Approve or reject room booking requests.',
    to: paths.presidentApproval,
  },
  {
    title: 'Endorsement Panel',
    description: 'Endorse skills and verify achievements students submitted.',
    to: paths.gensecEndorse,
  },
  {
    title: 'Room Booking',
    description: 'Request a room and follow your own requests.',
    to: paths.roomBooking,
  },
  {
    title: 'Feedback',
    description: 'Read and resolve the feedback of the campus.',
    to: paths.viewFeedback,
  },
  { title: 'View Events', description: 'Upcoming and past events.', to: paths.events },
  { title: 'Create Event', description: 'Plan a new event.', to: paths.addEvent },
  {
    title: 'Create Tenure',
    description: 'Add positions and appoint position holders.',
    to: paths.cosaCreate,
  },
  {
    title: 'View COSA Records',
    description: 'Positions and their holders, tenure by tenure.',
    to: paths.cosa,
  },
] as const;

/** The dashboard's link cards, each to a working page. */
export function PresidentLinks() {
  return (
    <nav aria-label="President's pages">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {LINKS.map((link) => (
          <li key={link.to} className="min-w-0">
            <Link
              to={link.to}
              className="flex h-full min-w-0 flex-col gap-1 rounded-card border border-line-soft bg-surface p-4 shadow-card transition-colors hover:border-accent hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              <span className="text-base font-semibold break-words text-ink">{link.title}</span>
              <span className="text-sm break-words text-ink-muted">{link.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
