import type { ReactNode } from 'react';
import {
  ATTENDANCE_MESSAGES,
  MEMBERSHIP_RECORD_MESSAGES,
  type TranscriptContent,
  type TranscriptStudent,
} from '@cosa/contracts';
import { cn } from '../../../lib/cn';
import {
  achievementLines,
  attendanceLines,
  attendanceTitle,
  membershipLines,
  membershipTitle,
  positionLines,
  skillLines,
  type RecordLines,
} from '../record-lines';

type HeadingLevel = 2 | 3;

function Heading({ level, id, children }: { level: HeadingLevel; id: string; children: ReactNode }) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag id={id} className="mb-2 text-base font-semibold text-ink">
      {children}
    </Tag>
  );
}

function Detail({ term, value }: { term: string; value: string | number | null }) {
  if (value === null || value === '') return null;
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{term}</dt>
      <dd className="break-words text-ink">{value}</dd>
    </div>
  );
}

/** The student a transcript names, exactly as it names them. */
function StudentBlock({
  student,
  level,
  idPrefix,
}: {
  student: TranscriptStudent;
  level: HeadingLevel;
  idPrefix: string;
}) {
  return (
    <section
      aria-labelledby={`${idPrefix}-student`}
      className="rounded-lg border border-line-soft bg-canvas p-4"
    >
      <Heading level={level} id={`${idPrefix}-student`}>
        Student
      </Heading>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Detail term="Name" value={student.name} />
        <Detail term="Student ID" value={student.studentId} />
        <Detail term="Program" value={student.program} />
        <Detail term="Discipline" value={student.discipline} />
        <Detail term="Batch" value={student.batchYear} />
      </dl>
    </section>
  );
}

type Item = { id: string; title: string; code?: string; lines: RecordLines };

/** Why an item no longer stands, by its id: shown on the item instead of its check. */
export type WithdrawnItems = ReadonlyMap<string, string>;

function RecordGroup({
  title,
  items,
  level,
  id,
  withdrawn,
}: {
  title: string;
  items: Item[];
  level: HeadingLevel;
  id: string;
  withdrawn?: WithdrawnItems | undefined;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <Heading level={level} id={id}>
        {title} ({items.length})
      </Heading>
      <ul className="divide-y divide-line-soft rounded-lg border border-line-soft">
        {items.map((item) => (
          <li key={item.id} className="min-w-0 px-4 py-3 text-sm">
            <p className="font-medium break-words text-ink">
              {item.title}
              {item.code && <span className="ml-2 text-xs font-normal text-ink-muted">{item.code}</span>}
            </p>
            {item.lines.details && <p className="break-words text-ink-muted">{item.lines.details}</p>}
            {withdrawn?.has(item.id) ? (
              <p className="font-medium break-words text-danger-700">
                No longer valid: {withdrawn.get(item.id)}
              </p>
            ) : (
              item.lines.checkedBy && (
                <p className="break-words text-success-700">{item.lines.checkedBy}</p>
              )
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type TranscriptDocumentProps = {
  content: TranscriptContent;
  timeZone?: string;
  /** The level of the document's headings: 2 on a page of its own, 3 inside a section. */
  level?: HeadingLevel;
  /** Keeps the headings' ids apart when two documents could share a page. */
  idPrefix?: string;
  className?: string;
  /** Items whose records changed after issue, with why they no longer stand. */
  withdrawn?: WithdrawnItems;
};

/** What a transcript holds: the student, then the records by kind, each with who verified it. */
export function TranscriptDocument({
  content,
  timeZone,
  level = 2,
  idPrefix = 'transcript',
  className,
  withdrawn,
}: TranscriptDocumentProps) {
  const groups = [
    {
      key: 'achievements',
      title: 'Achievements',
      items: content.achievements.map((a) => ({
        id: a.id,
        title: a.title,
        code: a.code,
        lines: achievementLines(a, timeZone),
      })),
    },
    {
      key: 'positions',
      title: 'Positions of responsibility',
      items: content.positions.map((p) => ({
        id: p.id,
        title: p.title,
        code: p.code,
        lines: positionLines(p, timeZone),
      })),
    },
    {
      key: 'skills',
      title: 'Endorsed skills',
      items: content.skills.map((s) => ({ id: s.id, title: s.name, lines: skillLines(s, timeZone) })),
    },
    {
      key: 'attendance',
      title: ATTENDANCE_MESSAGES.heading,
      items: content.attendance.map((a) => ({
        id: a.id,
        title: attendanceTitle(a, timeZone),
        lines: attendanceLines(a),
      })),
    },
    {
      key: 'memberships',
      title: MEMBERSHIP_RECORD_MESSAGES.heading,
      items: content.memberships.map((m) => ({
        id: m.id,
        title: membershipTitle(m, timeZone),
        lines: membershipLines(m),
      })),
    },
  ];
  return (
    <div className={cn('flex min-w-0 flex-col gap-5', className)}>
      <StudentBlock student={content.student} level={level} idPrefix={idPrefix} />
      {groups.map((group) => (
        <RecordGroup
          key={group.key}
          title={group.title}
          items={group.items}
          level={level}
          id={`${idPrefix}-${group.key}`}
          withdrawn={withdrawn}
        />
      ))}
    </div>
  );
}
