/*
 * The elections' page and API addresses. They live with the feature rather than in lib/paths.ts
 * and lib/api-paths.ts, which every signed-in page loads: the heaviest page (/events/:id) sits
 * within a few hundred bytes of its budget, and only these pages need them.
 */

const segment = encodeURIComponent;

/** The pages of the elections. */
export const electionPaths = {
  list: '/elections',
  create: '/elections/new',
  election: (id: string) => `/elections/${segment(id)}`,
  edit: (id: string) => `/elections/${segment(id)}/edit`,
  ballot: (id: string, postId: string) => `/elections/${segment(id)}/posts/${segment(postId)}/vote`,
  results: (id: string, postId: string) => `/elections/${segment(id)}/posts/${segment(postId)}/results`,
} as const;

/** The API endpoints the election pages call. */
export const electionApi = {
  elections: '/api/elections',
  election: (id: string) => `/api/elections/${segment(id)}`,
  nominations: (id: string, postId: string) =>
    `/api/elections/${segment(id)}/posts/${segment(postId)}/nominations`,
  decision: (nominationId: string) => `/api/elections/nominations/${segment(nominationId)}/decision`,
  withdrawal: (nominationId: string) => `/api/elections/nominations/${segment(nominationId)}/withdrawal`,
  /** A nomination's manifesto PDF: downloaded, attached or replaced (PUT), removed (DELETE). */
  manifestoPdf: (nominationId: string) =>
    `/api/elections/nominations/${segment(nominationId)}/manifesto-pdf`,
  certification: (id: string) => `/api/elections/${segment(id)}/certification`,
  ballots: (postId: string) => `/api/elections/posts/${segment(postId)}/ballots`,
  results: (postId: string) => `/api/elections/posts/${segment(postId)}/results`,
  /** The post's published ballots as a CSV download, after the close. */
  ballotsExport: (postId: string) => `/api/elections/posts/${segment(postId)}/ballots/export`,
} as const;
