import {
  ADMIN_UNIT_MESSAGES,
  UNIT_PARENT_TYPES,
  UNIT_TYPE_LABELS,
  type UnitType,
} from '@cosa/contracts';

/** The unit a unit would sit under, as the service read it (locked). */
export type ParentFacts = { id: string; name: string; type: UnitType; retired: boolean } | null;

/** Why a unit of this type cannot sit under this parent (field parentId), or null when it can. */
export function placementProblem(type: UnitType, parent: ParentFacts): string | null {
  if (type === 'council') return parent ? ADMIN_UNIT_MESSAGES.councilNoParent : null;
  if (!parent) return ADMIN_UNIT_MESSAGES.parentRequired;
  if (parent.retired) return ADMIN_UNIT_MESSAGES.parentRetired(parent.name);
  if (!UNIT_PARENT_TYPES[type].includes(parent.type))
    return type === 'committee' ? ADMIN_UNIT_MESSAGES.committeeParent : ADMIN_UNIT_MESSAGES.clubParent;
  return null;
}

/**
 * The children that could not stay under a unit of the new type (a council that becomes a club
 * cannot hold councils): their names, empty when every child fits.
 */
export function misfitChildren(
  type: UnitType,
  children: readonly { name: string; type: UnitType }[],
): string[] {
  return children
    .filter((child) => !UNIT_PARENT_TYPES[child.type].includes(type))
    .map((child) => child.name);
}

/** The message for children that do not fit a new type. */
export function misfitMessage(type: UnitType, names: readonly string[]): string {
  return ADMIN_UNIT_MESSAGES.childrenDontFit(UNIT_TYPE_LABELS[type], listed(names));
}

/** Up to five names, then how many more: '"A", "B" and 3 more'. */
export function listed(names: readonly string[], limit = 5): string {
  const shown = names.slice(0, limit).join(', ');
  return names.length > limit ? `${shown} and ${names.length - limit} more` : shown;
}
