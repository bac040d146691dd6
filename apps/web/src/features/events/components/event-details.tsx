import type { ReactNode } from 'react';
import { EVENT_MESSAGES, type EventDetail } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDateTime, formatINR } from '../../../lib/format';
import { capitalised, STATUS_DISPLAY } from '../event-labels';

const NA = EVENT_MESSAGES.notApplicable;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-ink-muted">{term}</dt>
      <dd className="text-base break-words text-ink">{children}</dd>
    </div>
  );
}

function Instant({
  value,
  timeZone,
  missing,
}: {
  value: string | null;
  timeZone: string | undefined;
  missing: string;
}) {
  return value ? <time dateTime={value}>{formatDateTime(value, timeZone)}</time> : <>{missing}</>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `event-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-ink">
        {title}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>
    </Card>
  );
}

/** Everything the spec shows of an event: what, when, where, who, registration, budget and status. */
export function EventDetails({ event, timeZone }: { event: EventDetail; timeZone: string | undefined }) {
  const status = STATUS_DISPLAY[event.status];
  const { registration, budget } = event;
  return (
    <div className="flex flex-col gap-4">
      <Section title="About">
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-sm text-ink-muted">Description</dt>
          <dd className="text-base break-words whitespace-pre-line text-ink">
            {event.description ?? NA}
          </dd>
        </div>
        <Detail term="Category">{capitalised(event.category)}</Detail>
        <Detail term="Type">{event.type ?? NA}</Detail>
        <Detail term="Status">
          <Badge tone={status.tone}>{status.label}</Badge>
        </Detail>
        <Detail term="Organizing unit">{event.unit?.name ?? event.unitName ?? NA}</Detail>
        <Detail term="Organizers">
          {event.organizers.length ? event.organizers.map((person) => person.name).join(', ') : NA}
        </Detail>
        {event.createdBy && <Detail term="Created by">{event.createdBy.name}</Detail>}
      </Section>
      <Section title="Schedule">
        <Detail term="Start">
          <Instant value={event.start} timeZone={timeZone} missing={EVENT_MESSAGES.toBeAnnounced} />
        </Detail>
        <Detail term="End">
          <Instant value={event.end} timeZone={timeZone} missing={NA} />
        </Detail>
        <Detail term="Venue">{event.venue ?? NA}</Detail>
        <Detail term="Mode">{event.mode ? capitalised(event.mode) : NA}</Detail>
      </Section>
      {registration.required && (
        <Section title="Registration">
          <Detail term="Registration opens">
            <Instant value={registration.start} timeZone={timeZone} missing={NA} />
          </Detail>
          <Detail term="Registration closes">
            <Instant value={registration.end} timeZone={timeZone} missing={NA} />
          </Detail>
          <Detail term="Fees">{registration.fees === null ? NA : formatINR(registration.fees)}</Detail>
          <Detail term="Max participants">{registration.maxParticipants ?? NA}</Detail>
        </Section>
      )}
      {budget && (
        <Section title="Budget">
          <Detail term="Budget allocated">{formatINR(budget.allocated)}</Detail>
          <Detail term="Sponsors">
            {budget.sponsors.length ? (
              <ul className="list-inside list-disc">
                {budget.sponsors.map((sponsor) => (
                  <li key={sponsor}>{sponsor}</li>
                ))}
              </ul>
            ) : (
              NA
            )}
          </Detail>
        </Section>
      )}
    </div>
  );
}
