import {
  SKILL_STATE_LABELS,
  SKILL_TYPE_LABELS,
  type AdminSkill,
  type SkillState,
} from '@cosa/contracts';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { formatDate } from '../../../../lib/format';
import { SkillEditDialog } from './skill-edit-dialog';
import { SkillMergeDialog } from './skill-merge-dialog';
import { SkillRetireDialog } from './skill-retire-dialog';

const STATE_TONES: Record<SkillState, BadgeTone> = {
  endorsed: 'success',
  awaiting: 'info',
  declined: 'danger',
  retired: 'warning',
};

const studentsText = (usage: number) =>
  usage === 1 ? '1 student holds it' : `${usage} students hold it`;

/** One skill of the catalogue: its name, type, state and usage, who added it, and what an administrator may do with it. */
export function SkillCard({ skill, timeZone }: { skill: AdminSkill; timeZone?: string }) {
  return (
    <article
      className="flex h-full min-w-0 flex-col gap-2 rounded-card border border-line-soft bg-surface p-4 shadow-card"
      aria-label={skill.name}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold break-words text-ink">{skill.name}</h2>
          <p className="text-xs text-ink-muted">{skill.skillCode}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge tone="accent">{SKILL_TYPE_LABELS[skill.type]}</Badge>
          <Badge tone={STATE_TONES[skill.state]}>{SKILL_STATE_LABELS[skill.state]}</Badge>
        </div>
      </div>
      <p className="text-sm break-words text-ink">Category: {skill.category}</p>
      <p className="text-sm font-medium text-ink">{studentsText(skill.usage)}</p>
      {skill.description && (
        <p className="line-clamp-3 text-sm break-words text-ink-muted">{skill.description}</p>
      )}
      <p className="text-xs break-words text-ink-muted">
        {skill.createdBy ? `Added by ${skill.createdBy.name}` : 'Added by the institute'} on{' '}
        {formatDate(skill.createdAt, timeZone)}
      </p>
      {skill.mergedInto && (
        <p className="text-sm break-words text-ink">Merged into {skill.mergedInto.name}</p>
      )}
      {skill.state === 'declined' && skill.declineReason && (
        <p className="text-sm break-words text-ink-muted">Declined: {skill.declineReason}</p>
      )}
      {skill.retiredAt && !skill.mergedInto && (
        <p className="text-sm text-ink-muted">Retired on {formatDate(skill.retiredAt, timeZone)}</p>
      )}
      {skill.state !== 'retired' && (
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <SkillEditDialog skill={skill} />
          <SkillMergeDialog skill={skill} />
          <SkillRetireDialog skill={skill} />
        </div>
      )}
    </article>
  );
}
