import { REGISTRATION_MESSAGES } from '@cosa/contracts';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatTime, isoDateIn } from '../../../lib/format';
import type { Latest, ScanAnswer } from './check-in-queue';

type Tone = 'success' | 'warning' | 'danger' | 'info';
type View = { tone: Tone; title: string; detail: string | null };

/** '18:04' on the day it happened, with its date on any other day. */
function whenText(iso: string | null): string {
  if (!iso) return '';
  return isoDateIn(iso) === isoDateIn(new Date()) ? formatTime(iso) : formatDateTime(iso);
}

const personOf = (answer: ScanAnswer) =>
  [answer.name, answer.studentId].filter(Boolean).join(' · ') || null;

/** What the door says of an answer: green checked in, amber already, red not let in. */
function viewOf(answer: ScanAnswer): View {
  const name = answer.name ?? answer.label;
  switch (answer.outcome) {
    case 'checked_in':
      return { tone: 'success', title: `Checked in: ${name}`, detail: answer.studentId };
    case 'already': {
      const by = answer.checkedInBy ? ` by ${answer.checkedInBy}` : '';
      return {
        tone: 'warning',
        title: `Already checked in at ${whenText(answer.checkedInAt)}${by}`,
        detail: personOf(answer),
      };
    }
    case 'waitlisted':
      return {
        tone: 'danger',
        title: `Not checked in: ${name} is on the waitlist`,
        detail: answer.studentId,
      };
    case 'cancelled':
      return {
        tone: 'danger',
        title: `Not checked in: ${name}'s registration is cancelled`,
        detail: answer.studentId,
      };
    case 'other_event':
      return { tone: 'danger', title: 'This ticket is for another event', detail: null };
    case 'walk_ins_closed':
      return { tone: 'danger', title: REGISTRATION_MESSAGES.walkInsClosed, detail: answer.label };
    case 'unknown_student':
      return { tone: 'danger', title: REGISTRATION_MESSAGES.unknownStudent, detail: answer.label };
    case 'invalid':
      return { tone: 'danger', title: 'Not a valid ticket', detail: null };
    case 'self':
      return { tone: 'danger', title: REGISTRATION_MESSAGES.checkInSelf, detail: null };
  }
}

function latestView(latest: Latest, offline: boolean): View {
  if (latest.kind === 'answer') return viewOf(latest.answer);
  if (latest.kind === 'unreadable') return { tone: 'danger', title: 'Not a valid ticket', detail: null };
  return offline
    ? {
        tone: 'info',
        title: 'Saved on this device',
        detail: `${latest.scan.label}: it will be checked when the connection is back.`,
      }
    : { tone: 'info', title: 'Checking…', detail: latest.scan.label };
}

const TONES: Record<Tone, string> = {
  success: 'border-success-700 bg-success-50 text-success-700',
  warning: 'border-warning-700 bg-warning-50 text-warning-700',
  danger: 'border-danger-700 bg-danger-50 text-danger-700',
  info: 'border-info-700 bg-info-50 text-info-700',
};

/** The newest scan's result in large type, read out as it changes. */
export function LatestScan({ latest, offline }: { latest: Latest | null; offline: boolean }) {
  const view = latest
    ? latestView(latest, offline)
    : {
        tone: 'info' as const,
        title: 'Ready to scan',
        detail: 'Scan a ticket, or find a person below.',
      };
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-tone={view.tone}
      className={cn('rounded-card border-2 p-4 break-words sm:p-6', TONES[view.tone])}
    >
      <p className="text-2xl leading-tight font-bold sm:text-3xl">{view.title}</p>
      {view.detail && <p className="mt-1 text-base sm:text-lg">{view.detail}</p>}
    </div>
  );
}

const DOTS: Record<Tone, string> = {
  success: 'bg-success-700',
  warning: 'bg-warning-700',
  danger: 'bg-danger-700',
  info: 'bg-info-700',
};

/** The answers of the last scans, newest first. */
export function RecentScans({ answers }: { answers: readonly ScanAnswer[] }) {
  if (answers.length === 0) return null;
  return (
    <section aria-labelledby="recent-scans" className="min-w-0">
      <h2 id="recent-scans" className="mb-2 text-lg font-semibold text-ink">
        Recent scans
      </h2>
      <ol className="divide-y divide-line-soft rounded-card border border-line-soft bg-surface">
        {answers.map((answer) => {
          const view = viewOf(answer);
          return (
            <li key={answer.scanId} className="flex items-start gap-3 px-3 py-2 text-sm">
              <span
                aria-hidden="true"
                className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', DOTS[view.tone])}
              />
              <span className="min-w-0 break-words">
                <span className="font-medium text-ink">{view.title}</span>
                {view.detail && <span className="block text-ink-muted">{view.detail}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
