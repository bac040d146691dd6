import { useMemo, useState } from 'react';
import { ADMIN_UNIT_MESSAGES } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminUnits } from './api/admin-units';
import { UnitFormDialog } from './components/unit-form-dialog';
import { UnitTreeView } from './components/unit-tree-view';
import { buildUnitTree } from './unit-tree';

/** /admin/units: the council's tree of units, with add, edit (rename, move, describe, budget), retire and reinstate (deviation 60). */
export function AdminUnitsPage() {
  const units = useAdminUnits();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const list = useMemo(() => units.data ?? [], [units.data]);
  const tree = useMemo(() => buildUnitTree(list), [list]);
  const withChildren = useMemo(
    () =>
      new Set(
        list.filter((unit) => list.some((other) => other.parentId === unit.id)).map((unit) => unit.id),
      ),
    [list],
  );
  const retired = list.filter((unit) => unit.retiredAt).length;

  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title={ADMIN_UNIT_MESSAGES.heading}
        description={ADMIN_UNIT_MESSAGES.intro}
        actions={units.data && <UnitFormDialog units={list} triggerLabel={ADMIN_UNIT_MESSAGES.add} />}
        className="mb-2"
      />
      {units.isPending ? (
        <Spinner label={ADMIN_UNIT_MESSAGES.loading} visibleLabel />
      ) : units.isError ? (
        <ErrorState
          message={ADMIN_UNIT_MESSAGES.loadFailed}
          onRetry={() => void units.refetch()}
          retrying={units.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState title={ADMIN_UNIT_MESSAGES.empty} description={ADMIN_UNIT_MESSAGES.emptyHint} />
      ) : (
        <section aria-label="The tree of units" className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-ink-muted" role="status">
              {list.length === 1 ? '1 unit' : `${list.length} units`}
              {retired > 0 ? `, ${retired} retired` : ''}
            </p>
            {withChildren.size > 0 && (
              <div className="flex flex-wrap gap-2">
                <Button variant="ghost" size="sm" onClick={() => setCollapsed(new Set())}>
                  Expand all
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setCollapsed(new Set(withChildren))}>
                  Collapse all
                </Button>
              </div>
            )}
          </div>
          <UnitTreeView nodes={tree} units={list} collapsed={collapsed} onToggle={toggle} />
        </section>
      )}
    </div>
  );
}
