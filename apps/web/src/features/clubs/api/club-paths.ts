/**
 * The club pages' own API addresses, kept here rather than in lib/api-paths.ts (which every page
 * loads): only the club pages need them.
 */
const unit = (unitId: string) => `/api/clubs/${encodeURIComponent(unitId)}`;

export const clubPaths = {
  bySlug: (slug: string) => `/api/clubs/by-slug/${encodeURIComponent(slug)}`,
  follow: (unitId: string) => `${unit(unitId)}/follow`,
  joinRequests: (unitId: string) => `${unit(unitId)}/join-requests`,
  myJoinRequest: (unitId: string) => `${unit(unitId)}/join-requests/mine`,
  membership: (unitId: string) => `${unit(unitId)}/membership`,
  invitationDecision: (id: string) => `/api/me/club-invitations/${encodeURIComponent(id)}/decision`,
};
