import { eq, type Column, type SQL } from 'drizzle-orm';

/**
 * `column = value` for a value fixed in the code ('active', 'verified', false), written into the
 * statement rather than sent as a parameter. PostgreSQL can then match the partial indexes built
 * for those values in the plan it keeps for a prepared statement, so a statement that filters on
 * them is planned once per connection instead of on every request. Never for a request's value.
 */
export const fixed = (column: Column, value: string | boolean): SQL => eq(column, value).inlineParams();
