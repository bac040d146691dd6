import type { CouncilSummary } from '@cosa/contracts';
import { paths } from '../../lib/paths';

/** The category tabs of a general secretary's dashboard (spec section 2), 'all' first. */
export const GENSEC_CATEGORIES = [
  { value: 'all', label: 'All' },
  { value: 'admin', label: 'Admin' },
  { value: 'endorsement', label: 'Endorsement' },
  { value: 'booking', label: 'Booking' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'events', label: 'Events' },
  { value: 'cosa', label: 'COSA' },
] as const;

export type GensecCategory = (typeof GENSEC_CATEGORIES)[number]['value'];

export type GensecCard = {
  title: string;
  description: string;
  to: string;
  categories: readonly Exclude<GensecCategory, 'all'>[];
  /** The live figure shown on the card, e.g. '4 pending'. */
  count?: (summary: CouncilSummary) => string;
};

const pendingReviews = (summary: CouncilSummary) =>
  summary.pending.userSkills +
  summary.pending.skills +
  summary.pending.achievements +
  summary.pending.positions;

const GENSEC_CARDS: readonly GensecCard[] = [
  {
    title: 'Endorsements',
    description: 'Endorse skills and user skills, and verify achievements students submitted.',
    to: paths.gensecEndorse,
    categories: ['endorsement'],
    count: (summary) => `${pendingReviews(summary)} pending`,
  },
  {
    title: 'Room Booking',
    description: 'Request a room and follow your booking requests.',
    to: paths.roomBooking,
    categories: ['booking', 'admin'],
    count: (summary) => `${summary.pendingBookings} pending`,
  },
  {
    title: 'Feedback',
    description: 'Read feedback and mark it as resolved.',
    to: paths.viewFeedback,
    categories: ['feedback'],
    count: (summary) => `${summary.unresolvedFeedback} unresolved`,
  },
  {
    title: 'Events',
    description: 'Browse the events of the council and its clubs.',
    to: paths.events,
    categories: ['events'],
    count: (summary) => `${summary.upcomingEvents} upcoming`,
  },
  {
    title: 'Create Event',
    description: 'Plan a new event with its schedule, registration and budget.',
    to: paths.addEvent,
    categories: ['events', 'admin'],
  },
  {
    title: 'Create Position',
    description: 'Add a position or appoint a position holder.',
    to: paths.cosaCreate,
    categories: ['cosa', 'admin'],
  },
  {
    title: 'Positions',
    description: 'View positions and their holders.',
    to: paths.cosa,
    categories: ['cosa'],
  },
];

export function isGensecCategory(value: string | null): value is GensecCategory {
  return GENSEC_CATEGORIES.some((category) => category.value === value);
}

/** The cards of a tab whose title or description holds the search text, in any case. */
export function cardsFor(category: GensecCategory, search: string): GensecCard[] {
  const needle = search.trim().toLowerCase();
  return GENSEC_CARDS.filter(
    (card) =>
      (category === 'all' || card.categories.includes(category)) &&
      (!needle ||
        card.title.toLowerCase().includes(needle) ||
        card.description.toLowerCase().includes(needle)),
  );
}
