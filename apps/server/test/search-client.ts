import { expect } from 'vitest';
import type { TestContext } from './build-test-app';

export type SearchResult = { id: string; label: string; detail: string | null; url: string };
export type SearchGroup = { kind: string; total: number; items: SearchResult[] };

/** GET /api/search as the cookie's person: the groups of the answer, which must be 200. */
export const searchGroupsOf =
  (ctx: Pick<TestContext, 'app'>) =>
  async (q: string, cookie: string): Promise<SearchGroup[]> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(q)}`,
      headers: { cookie },
    });
    expect(response.statusCode, q).toBe(200);
    return response.json().groups;
  };
