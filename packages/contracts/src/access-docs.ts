import type { Access } from './access';

/** The API's description and its documentation page with the page's assets, for anyone (API_ACCESS, access.ts). */
export const DOCS_API_ACCESS = {
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
} as const satisfies Record<string, Access>;
