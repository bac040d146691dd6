import type { TranscriptRecords } from '@cosa/contracts';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../lib/paths';
import { countOf } from '../record-lines';

/** Where each kind of waiting record is followed. */
const WAITING = [
  { key: 'achievements', one: 'achievement', many: 'achievements', to: paths.viewAchievements },
  { key: 'positions', one: 'position', many: 'positions', to: paths.managePosition },
  { key: 'skills', one: 'skill', many: 'skills', to: paths.skills },
] as const;

/** '3 records are still awaiting verification and can't be included yet', with a link to each waiting kind's page. */
export function PendingNote({ pending }: { pending: TranscriptRecords['pending'] }) {
  const total = pending.achievements + pending.positions + pending.skills;
  if (total === 0) return null;
  const waiting = WAITING.filter((kind) => pending[kind.key] > 0);
  return (
    <div className="rounded-lg border border-warning-700/30 bg-warning-50 px-4 py-3 text-sm text-ink">
      <p className="font-medium">
        {total === 1
          ? "1 record is still awaiting verification and can't be included yet."
          : `${total} records are still awaiting verification and can't be included yet.`}
      </p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {waiting.map((kind) => (
          <li key={kind.key}>
            <TextLink to={kind.to}>{countOf(pending[kind.key], kind.one, kind.many)} waiting</TextLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
