/** The rows of `db.execute(sql...)`, which both drivers (node-postgres and PGlite) answer as `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
