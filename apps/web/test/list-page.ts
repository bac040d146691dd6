/**
 * The answer of a list endpoint for its first page holding all of `items` (total and overall are
 * their count), with what the list adds of its own (facets, counts, permissions) in `extra`.
 */
export function listPage<T, E extends object>(items: T[], extra: E) {
  return {
    body: {
      items,
      total: items.length,
      overall: items.length,
      page: 1,
      pageSize: 20,
      ...extra,
    },
  };
}
