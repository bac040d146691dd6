import {
  ATTENDANCE_MESSAGES,
  MEMBERSHIP_RECORD_MESSAGES,
  type TranscriptRecords,
} from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
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
import type { RecordKind, Selection } from '../selection';

type Option = { id: string; title: string; lines: RecordLines };

type GroupProps = {
  kind: RecordKind;
  title: string;
  /** 'achievements' in 'Select all achievements'. */
  noun: string;
  /** Said when there is nothing to choose. */
  emptyText: string;
  options: Option[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
};

function RecordGroup({ kind, title, noun, emptyText, options, chosen, onChange }: GroupProps) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen.filter((item) => item !== id), id] : chosen.filter((item) => item !== id));
  const headingId = `choose-${kind}`;
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="min-w-0 rounded-lg border border-line-soft p-4"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-ink">
          {title}{' '}
          <span className="text-sm font-normal text-ink-muted">
            ({chosen.length} of {options.length} chosen)
          </span>
        </h3>
        {options.length > 0 && (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Select all ${noun}`}
              onClick={() => onChange(options.map((option) => option.id))}
            >
              Select all
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Clear ${noun}`}
              onClick={() => onChange([])}
              disabled={chosen.length === 0}
            >
              Clear
            </Button>
          </div>
        )}
      </div>
      {options.length === 0 ? (
        <p className="text-sm text-ink-muted">{emptyText}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {options.map((option) => (
            <li key={option.id}>
              <label className="flex min-w-0 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 hover:bg-accent-soft">
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-accent"
                  checked={chosen.includes(option.id)}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                />
                <span className="min-w-0 text-sm">
                  <span className="block font-medium break-words text-ink">{option.title}</span>
                  {option.lines.details && (
                    <span className="block break-words text-ink-muted">{option.lines.details}</span>
                  )}
                  {option.lines.checkedBy && (
                    <span className="block break-words text-ink-muted">{option.lines.checkedBy}</span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type RecordChooserProps = {
  records: TranscriptRecords;
  selection: Selection;
  onChange: (kind: RecordKind, ids: string[]) => void;
  timeZone?: string;
};

/** Step 1: a group of checkboxes per kind, listing only verified records, with Select all and Clear. */
export function RecordChooser({ records, selection, onChange, timeZone }: RecordChooserProps) {
  const groups: Omit<GroupProps, 'chosen' | 'onChange'>[] = [
    {
      kind: 'achievements',
      title: 'Achievements',
      noun: 'achievements',
      emptyText: 'No verified achievements yet.',
      options: records.achievements.map((a) => ({
        id: a.id,
        title: a.title,
        lines: achievementLines(a, timeZone),
      })),
    },
    {
      kind: 'positions',
      title: 'Positions of responsibility',
      noun: 'positions',
      emptyText: 'No verified positions yet.',
      options: records.positions.map((p) => ({
        id: p.id,
        title: p.title,
        lines: positionLines(p, timeZone),
      })),
    },
    {
      kind: 'skills',
      title: 'Endorsed skills',
      noun: 'skills',
      emptyText: 'No verified skills yet.',
      options: records.skills.map((s) => ({ id: s.id, title: s.name, lines: skillLines(s, timeZone) })),
    },
    {
      kind: 'attendance',
      title: ATTENDANCE_MESSAGES.heading,
      noun: 'events attended',
      emptyText: ATTENDANCE_MESSAGES.none,
      options: records.attendance.map((a) => ({
        id: a.id,
        title: attendanceTitle(a, timeZone),
        lines: attendanceLines(a),
      })),
    },
    {
      kind: 'memberships',
      title: MEMBERSHIP_RECORD_MESSAGES.heading,
      noun: 'club memberships',
      emptyText: MEMBERSHIP_RECORD_MESSAGES.none,
      options: records.memberships.map((m) => ({
        id: m.id,
        title: membershipTitle(m, timeZone),
        lines: membershipLines(m),
      })),
    },
  ];
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {groups.map((group) => (
        <RecordGroup
          key={group.kind}
          {...group}
          chosen={selection[group.kind]}
          onChange={(ids) => onChange(group.kind, ids)}
        />
      ))}
    </div>
  );
}
