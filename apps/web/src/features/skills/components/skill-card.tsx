import type { ReactNode } from 'react';
import { SKILL_MESSAGES, type UserSkill } from '@cosa/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';

const PROFICIENCY_TONES: Record<UserSkill['proficiencyLevel'], BadgeTone> = {
  beginner: 'neutral',
  intermediate: 'info',
  advanced: 'accent',
  expert: 'success',
};

const STATUS = {
  endorsed: { text: SKILL_MESSAGES.endorsed, tone: 'success' },
  declined: { text: SKILL_MESSAGES.declined, tone: 'danger' },
  notEndorsed: { text: SKILL_MESSAGES.notEndorsed, tone: 'warning' },
} as const satisfies Record<string, { text: string; tone: BadgeTone }>;

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** One skill of the student's list, with what the spec shows of it; `actions` holds Remove when allowed. */
export function SkillCard({ userSkill, actions }: { userSkill: UserSkill; actions?: ReactNode }) {
  const { skill, proficiencyLevel, position, isEndorsed, declineReason, createdAt } = userSkill;
  const status = isEndorsed ? STATUS.endorsed : declineReason ? STATUS.declined : STATUS.notEndorsed;
  return (
    <article className="flex h-full min-w-0 flex-col gap-3 rounded-card border border-line-soft bg-surface p-4 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold break-words text-ink">{skill.name}</h2>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={PROFICIENCY_TONES[proficiencyLevel]}>{capitalised(proficiencyLevel)}</Badge>
          <Badge tone={status.tone}>{status.text}</Badge>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">Category</dt>
        <dd className="break-words text-ink">{skill.category}</dd>
        <dt className="text-ink-muted">Added</dt>
        <dd className="text-ink">{formatDate(createdAt)}</dd>
        <dt className="text-ink-muted">Position</dt>
        <dd className="break-words text-ink">{position?.title ?? 'None'}</dd>
      </dl>
      {skill.description && <p className="text-sm break-words text-ink-muted">{skill.description}</p>}
      {!isEndorsed && declineReason && (
        <p className="rounded-lg border border-danger-700/30 bg-danger-50 px-3 py-2 text-sm break-words whitespace-pre-line text-danger-700">
          <span className="font-medium">Reason given by the official: </span>
          {declineReason}
        </p>
      )}
      {actions && <div className="mt-auto flex justify-end pt-1">{actions}</div>}
    </article>
  );
}
