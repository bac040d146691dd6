import { Link } from 'react-router';
import { PEOPLE_MESSAGES, type PersonPage } from '@cosa/contracts';
import { Card } from '../../../components/ui/card';
import { textLinkClasses } from '../../../components/ui/text-link';
import { formatDate } from '../../../lib/format';

/** The person's items waiting in the viewer's own review queues, each with a link to its tab of the panel. */
export function WaitingForReview({
  items,
  timeZone,
}: {
  items: NonNullable<PersonPage['waitingForYourReview']>;
  timeZone?: string;
}) {
  return (
    <Card aria-labelledby="person-review" className="border-warning-700/30">
      <h2 id="person-review" className="mb-3 text-lg font-semibold text-ink">
        {PEOPLE_MESSAGES.reviewHeading}
      </h2>
      <ul className="flex flex-col divide-y divide-line-soft">
        {items.map((item) => (
          <li
            key={`${item.kind}-${item.id}`}
            className="flex min-w-0 flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium break-words text-ink">{item.title}</p>
              <p className="text-sm break-words text-ink-muted">
                {item.detail} · Submitted {formatDate(item.submittedAt, timeZone)}
              </p>
            </div>
            <Link
              to={item.link}
              aria-label={`Open the review panel for ${item.title}`}
              className="shrink-0 text-sm font-medium text-accent-ink underline underline-offset-2"
            >
              Open the review panel
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const or = (value: string | number | null) => (value === null || value === '' ? 'N/A' : String(value));

/** What only the person and the administrator see. */
export function PersonalDetails({
  personal,
  timeZone,
}: {
  personal: NonNullable<PersonPage['personal']>;
  timeZone?: string;
}) {
  const rows: [string, string][] = [
    ['E-mail', personal.email],
    ['Username', personal.username],
    ['Student ID', or(personal.studentId)],
    ['Mobile', or(personal.phone)],
    ['Gender', or(personal.gender)],
    ['Date of birth', personal.dateOfBirth ? formatDate(personal.dateOfBirth, timeZone) : 'N/A'],
    ['Hostel', or(personal.hostel)],
    ['Room', or(personal.roomNumber)],
    ['CGPA', personal.cgpa === null ? 'N/A' : personal.cgpa.toFixed(2)],
  ];
  return (
    <Card aria-labelledby="person-personal">
      <h2 id="person-personal" className="text-lg font-semibold text-ink">
        {PEOPLE_MESSAGES.personalHeading}
      </h2>
      <p className="mb-3 text-sm text-ink-muted">{PEOPLE_MESSAGES.personalNote}</p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{term}</dt>
            <dd className="break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The mobile number the person chose to show on their page (decision 0041), with a link to call it. */
export function SharedPhone({ phone }: { phone: string }) {
  return (
    <Card aria-labelledby="person-contact">
      <h2 id="person-contact" className="text-lg font-semibold text-ink">
        Contact
      </h2>
      <p className="mb-2 text-sm text-ink-muted">This person chose to show their mobile number.</p>
      <dl>
        <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">Mobile</dt>
        <dd>
          <a className={textLinkClasses} href={`tel:${phone}`}>
            {phone}
          </a>
        </dd>
      </dl>
    </Card>
  );
}
