import { UNIT_PARENT_TYPES, type AdminUnit, type UnitType } from '@cosa/contracts';

/** A unit with the units below it, by name. */
export type UnitNode = { unit: AdminUnit; children: UnitNode[] };

const byName = (a: UnitNode, b: UnitNode) => a.unit.name.localeCompare(b.unit.name);

/**
 * The tree of units from the flat list: roots are units without a parent (or whose parent is not
 * in the list), the apex council first; children by name. A cycle (which the database refuses)
 * could never leave a unit out: any unit not reached from a root becomes a root itself.
 */
export function buildUnitTree(units: readonly AdminUnit[]): UnitNode[] {
  const nodes = new Map(units.map((unit) => [unit.id, { unit, children: [] as UnitNode[] }]));
  const roots: UnitNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.unit.parentId ? nodes.get(node.unit.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const reached = new Set<string>();
  const visit = (node: UnitNode) => {
    if (reached.has(node.unit.id)) return;
    reached.add(node.unit.id);
    node.children.sort(byName);
    node.children.forEach(visit);
  };
  roots.forEach(visit);
  for (const node of nodes.values()) {
    if (reached.has(node.unit.id)) continue;
    roots.push(node);
    visit(node);
  }
  return roots.sort(
    (a, b) => Number(b.unit.type === 'council') - Number(a.unit.type === 'council') || byName(a, b),
  );
}

/** The ids of a unit and every unit below it: none of them can become its parent. */
function selfAndBelow(units: readonly AdminUnit[], id: string): Set<string> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const unit of units) {
      if (unit.parentId && found.has(unit.parentId) && !found.has(unit.id)) {
        found.add(unit.id);
        grew = true;
      }
    }
  }
  return found;
}

/**
 * The units a unit of this type may sit under: in use (not retired), of an allowed type, and,
 * when editing, neither the unit itself nor one of its own units.
 */
export function parentChoices(
  units: readonly AdminUnit[],
  type: UnitType | '',
  editingId?: string,
): AdminUnit[] {
  if (!type) return [];
  const excluded = editingId ? selfAndBelow(units, editingId) : new Set<string>();
  const allowed = UNIT_PARENT_TYPES[type];
  return units
    .filter((unit) => !unit.retiredAt && !excluded.has(unit.id) && allowed.includes(unit.type))
    .sort((a, b) => a.name.localeCompare(b.name));
}
