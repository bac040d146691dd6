import { ADMIN_UNIT_MESSAGES, UNIT_TYPE_LABELS, type AdminUnit } from '@cosa/contracts';
import { Badge } from '../../../../components/ui/badge';
import { cn } from '../../../../lib/cn';
import { formatINR } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useReinstateUnit, useRetireUnit } from '../api/admin-units';
import type { UnitNode } from '../unit-tree';
import { ConfirmAction } from '../../components/confirm-action';
import { UnitFormDialog } from './unit-form-dialog';

type TreeProps = {
  nodes: readonly UnitNode[];
  units: readonly AdminUnit[];
  /** Units whose children are hidden. */
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function UnitFacts({ unit }: { unit: AdminUnit }) {
  const { counts } = unit;
  const positions =
    counts.positions === counts.openPositions
      ? plural(counts.positions, 'position', 'positions')
      : `${plural(counts.positions, 'position', 'positions')} (${counts.openPositions} open)`;
  return (
    <p className="text-sm text-ink-muted">
      {[
        positions,
        plural(counts.holders, 'holder', 'holders'),
        counts.coordinators > 0 ? plural(counts.coordinators, 'coordinator', 'coordinators') : null,
        `Budget this tenure ${formatINR(unit.budgetAllocated)} (${formatINR(unit.budgetSpent)} spent)`,
      ]
        .filter(Boolean)
        .join(' · ')}
    </p>
  );
}

function UnitActions({ unit, units }: { unit: AdminUnit; units: readonly AdminUnit[] }) {
  const retire = useRetireUnit(unit.id);
  const reinstate = useReinstateUnit(unit.id);
  if (unit.retiredAt) {
    return (
      <ConfirmAction
        triggerSize="sm"
        triggerLabel={ADMIN_UNIT_MESSAGES.reinstate}
        triggerAriaLabel={`${ADMIN_UNIT_MESSAGES.reinstate} ${unit.name}`}
        title={ADMIN_UNIT_MESSAGES.reinstateTitle(unit.name)}
        description={ADMIN_UNIT_MESSAGES.reinstateText}
        confirmLabel={ADMIN_UNIT_MESSAGES.reinstate}
        pendingLabel={ADMIN_UNIT_MESSAGES.reinstating}
        failureMessage={ADMIN_UNIT_MESSAGES.reinstateFailed}
        onConfirm={async () =>
          toast.success(ADMIN_UNIT_MESSAGES.reinstatedToast((await reinstate.mutateAsync()).name))
        }
      />
    );
  }
  return (
    <>
      <UnitFormDialog
        units={units}
        unit={unit}
        triggerLabel="Edit"
        triggerAriaLabel={`Edit ${unit.name}`}
        triggerVariant="secondary"
        triggerSize="sm"
      />
      <ConfirmAction
        triggerSize="sm"
        triggerLabel={ADMIN_UNIT_MESSAGES.retire}
        triggerAriaLabel={`${ADMIN_UNIT_MESSAGES.retire} ${unit.name}`}
        triggerVariant="danger"
        title={ADMIN_UNIT_MESSAGES.retireTitle(unit.name)}
        description={ADMIN_UNIT_MESSAGES.retireText}
        confirmLabel={ADMIN_UNIT_MESSAGES.retire}
        pendingLabel={ADMIN_UNIT_MESSAGES.retiring}
        failureMessage={ADMIN_UNIT_MESSAGES.retireFailed}
        onConfirm={async () =>
          toast.success(ADMIN_UNIT_MESSAGES.retiredToast((await retire.mutateAsync()).unit.name))
        }
      />
    </>
  );
}

/**
 * The unit tree as nested lists: each unit with units below it has a disclosure button
 * (aria-expanded) that shows or hides them; a retired unit is greyed and says so in words.
 */
export function UnitTreeView({ nodes, units, collapsed, onToggle }: TreeProps) {
  return (
    <ul className="flex min-w-0 flex-col gap-2">
      {nodes.map(({ unit, children }) => {
        const open = !collapsed.has(unit.id);
        const listId = `unit-children-${unit.id}`;
        return (
          <li key={unit.id} className="min-w-0">
            <div
              className={cn(
                'flex min-w-0 flex-col gap-2 rounded-card border border-line bg-surface p-3 sm:flex-row sm:items-start sm:justify-between',
                unit.retiredAt && 'border-dashed bg-canvas',
              )}
              aria-label={unit.retiredAt ? `${unit.name} (retired)` : unit.name}
              role="group"
            >
              <div className="flex min-w-0 items-start gap-2">
                {children.length > 0 ? (
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={listId}
                    aria-label={`${open ? 'Hide' : 'Show'} the ${plural(children.length, 'unit', 'units')} under ${unit.name}`}
                    onClick={() => onToggle(unit.id)}
                    className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent"
                  >
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 20 20"
                      className={cn('size-4 transition-transform', open && 'rotate-90')}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                    >
                      <path d="M7 5l6 5-6 5" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </button>
                ) : (
                  <span className="size-9 shrink-0" aria-hidden="true" />
                )}
                <div className={cn('min-w-0', unit.retiredAt && 'text-ink-muted')}>
                  <p className="flex flex-wrap items-center gap-2">
                    {/* A flex item: overflow-wrap:anywhere (not break-word) lets a long unbroken name shrink to the row and wrap. */}
                    <span
                      className={cn(
                        'min-w-0 font-semibold [overflow-wrap:anywhere]',
                        unit.retiredAt ? 'text-ink-muted' : 'text-ink',
                      )}
                    >
                      {unit.name}
                    </span>
                    <Badge tone={unit.type === 'club' ? 'neutral' : 'accent'}>
                      {UNIT_TYPE_LABELS[unit.type]}
                    </Badge>
                    {unit.retiredAt && <Badge tone="warning">{ADMIN_UNIT_MESSAGES.retiredBadge}</Badge>}
                  </p>
                  <p className="text-xs [overflow-wrap:anywhere] text-ink-muted">
                    {[unit.code, unit.category, unit.contactEmail].filter(Boolean).join(' · ')}
                  </p>
                  <UnitFacts unit={unit} />
                  {unit.description && (
                    <p className="mt-1 text-sm [overflow-wrap:anywhere] text-ink">{unit.description}</p>
                  )}
                </div>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2 pl-11 sm:pl-0">
                <UnitActions unit={unit} units={units} />
              </div>
            </div>
            {children.length > 0 && (
              <div id={listId} hidden={!open} className="mt-2 border-l-2 border-line-soft pl-2 sm:pl-4">
                <UnitTreeView nodes={children} units={units} collapsed={collapsed} onToggle={onToggle} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
