import type { ClubImageKind } from '@cosa/contracts';

/**
 * The endpoints of the coordinator's club pages and the administrator's tag list: apart from
 * lib/api-paths.ts, which every page loads, since only these pages call them.
 */
const club = (unitId: string) => `/api/clubs/${encodeURIComponent(unitId)}`;

export const clubAdminPaths = {
  bySlug: (slug: string) => `/api/clubs/by-slug/${encodeURIComponent(slug)}`,
  page: (unitId: string) => `${club(unitId)}/page`,
  recruiting: (unitId: string) => `${club(unitId)}/recruiting`,
  image: (unitId: string, kind: ClubImageKind) => `${club(unitId)}/images/${kind}`,
  joinRequests: (unitId: string) => `${club(unitId)}/join-requests`,
  joinDecision: (unitId: string, id: string) =>
    `${club(unitId)}/join-requests/${encodeURIComponent(id)}/decision`,
  invitations: (unitId: string) => `${club(unitId)}/invitations`,
  members: (unitId: string) => `${club(unitId)}/members`,
  member: (unitId: string, membershipId: string) =>
    `${club(unitId)}/members/${encodeURIComponent(membershipId)}`,
  memberRemoval: (unitId: string, membershipId: string) =>
    `${club(unitId)}/members/${encodeURIComponent(membershipId)}/removal`,
  /** The roster's CSV export; the roster's status applies. */
  membersExport: (unitId: string) => `${club(unitId)}/members/export`,
  tags: '/api/club-tags',
  adminTags: '/api/admin/club-tags',
  adminTag: (id: string) => `/api/admin/club-tags/${encodeURIComponent(id)}`,
} as const;
