import type { PostResults } from '@cosa/contracts';

type Turnout = PostResults['turnout'];
type Group = Turnout['byBatch'][number];

/** A group's voters: the count, or 'fewer than 5' where the count would tell too much. */
const votersText = (group: Group) => (group.voters === null ? 'fewer than 5' : String(group.voters));

function GroupTable({
  caption,
  heading,
  groups,
}: {
  caption: string;
  heading: string;
  groups: Group[];
}) {
  if (groups.length === 0) return null;
  return (
    <table className="w-full text-sm">
      <caption className="pb-1 text-left font-semibold text-ink">{caption}</caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="py-1 pr-3 text-left font-medium text-ink-muted">
            {heading}
          </th>
          <th scope="col" className="py-1 text-right font-medium text-ink-muted">
            Voters
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={group.group} className="border-b border-line-soft">
            <th scope="row" className="py-1 pr-3 text-left font-normal break-words text-ink">
              {group.group}
            </th>
            <td className="py-1 text-right text-ink tabular-nums">{votersText(group)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How many of the post's voters voted, overall and by batch and program. */
export function TurnoutSection({ turnout }: { turnout: Turnout }) {
  const share = turnout.eligible > 0 ? Math.round((turnout.voted / turnout.eligible) * 1000) / 10 : 0;
  return (
    <section aria-labelledby="turnout-heading" className="flex flex-col gap-3">
      <h2 id="turnout-heading" className="text-lg font-semibold text-ink">
        Turnout
      </h2>
      <p className="text-sm text-ink">
        {turnout.voted} of {turnout.eligible} eligible voters voted ({share}%).
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <GroupTable caption="By batch" heading="Batch" groups={turnout.byBatch} />
        <GroupTable caption="By program" heading="Program" groups={turnout.byProgram} />
      </div>
    </section>
  );
}
