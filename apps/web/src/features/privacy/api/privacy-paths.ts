/** The privacy feature's endpoints (decision 0041), kept with the feature: no other page loads them. */
export const privacyPaths = {
  notice: '/api/privacy/notice',
  choices: '/api/me/privacy',
  recordAccess: '/api/me/record-access',
  dataExports: '/api/me/data-exports',
  dataExportArchive: (id: string) => `/api/me/data-exports/${encodeURIComponent(id)}/archive`,
  erasure: '/api/me/erasure',
};
