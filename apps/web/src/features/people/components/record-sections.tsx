import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ATTENDANCE_MESSAGES,
  attendanceCheckLine,
  attendanceLine,
  MEMBERSHIP_RECORD_MESSAGES,
  membershipCheckLine,
  PEOPLE_MESSAGES,
  type PersonPage,
} from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDate, formatDayMonthYear } from '../../../lib/format';
import { membershipRecordLine } from '../../../lib/membership-lines';
import { paths } from '../../../lib/paths';
import { wordsOf } from './labels';

/** A titled card listing items, or a line saying there are none. */
function Section({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <Card aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-ink">
        {title}
      </h2>
      {children.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line-soft">{children}</ul>
      ) : (
        <p className="text-sm text-ink-muted">{empty}</p>
      )}
    </Card>
  );
}

/**
 * The verified positions, achievements, endorsed skills, club memberships and events attended: the
 * record the portal vouches for.
 */
export function RecordSections({ person, timeZone }: { person: PersonPage; timeZone?: string }) {
  return (
    <>
      <Section
        id="person-positions"
        title={PEOPLE_MESSAGES.positionsHeading}
        empty={PEOPLE_MESSAGES.noPositions}
      >
        {person.positions.map((held) => (
          <li key={held.id} className="flex min-w-0 flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <span className="font-medium break-words text-ink">{held.title}</span>
            <span className="text-sm break-words text-ink-muted">
              {held.unit.name} · {held.tenure} · {wordsOf(held.status)}
            </span>
          </li>
        ))}
      </Section>
      <Section
        id="person-achievements"
        title={PEOPLE_MESSAGES.achievementsHeading}
        empty={PEOPLE_MESSAGES.noAchievements}
      >
        {person.achievements.map((achievement) => (
          <li key={achievement.id} className="flex min-w-0 flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <span className="font-medium break-words text-ink">{achievement.title}</span>
            <span className="text-sm break-words text-ink-muted">
              {[
                wordsOf(achievement.type),
                achievement.level && wordsOf(achievement.level),
                achievement.position,
                formatDayMonthYear(achievement.dateAchieved, timeZone),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            {achievement.event && (
              <Link
                to={paths.event(achievement.event.id)}
                className="text-sm break-words text-accent-ink underline underline-offset-2"
              >
                {achievement.event.title}
              </Link>
            )}
          </li>
        ))}
      </Section>
      <Section id="person-skills" title={PEOPLE_MESSAGES.skillsHeading} empty={PEOPLE_MESSAGES.noSkills}>
        {person.skills.map((skill) => (
          <li
            key={skill.id}
            className="flex min-w-0 flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0"
          >
            <span className="min-w-0 break-words text-ink">
              {skill.name}
              <span className="text-sm text-ink-muted"> · {wordsOf(skill.type)}</span>
            </span>
            <Badge tone="success">{wordsOf(skill.proficiencyLevel)}</Badge>
          </li>
        ))}
      </Section>
      <Section
        id="person-club-memberships"
        title={MEMBERSHIP_RECORD_MESSAGES.heading}
        empty={MEMBERSHIP_RECORD_MESSAGES.none}
      >
        {person.clubMemberships.map((membership) => (
          <li key={membership.id} className="flex min-w-0 flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <span className="font-medium break-words text-ink">
              {membershipRecordLine(membership, timeZone)}
            </span>
            <span className="text-sm break-words text-ink-muted">
              {membershipCheckLine(membership.club.name)}
            </span>
          </li>
        ))}
      </Section>
      <Section
        id="person-attendance"
        title={ATTENDANCE_MESSAGES.heading}
        empty={ATTENDANCE_MESSAGES.none}
      >
        {person.attendance.map((item) => (
          <li key={item.id} className="flex min-w-0 flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <Link
              to={paths.event(item.event.id)}
              className="font-medium break-words text-accent-ink underline underline-offset-2"
            >
              {attendanceLine(item.event.title, formatDate(item.checkedInAt, timeZone))}
            </Link>
            <span className="text-sm break-words text-ink-muted">
              {attendanceCheckLine(item.checkedInBy)}
            </span>
          </li>
        ))}
      </Section>
    </>
  );
}
