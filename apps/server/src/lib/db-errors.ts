/** An error and the errors it wraps (`cause`), outermost first: the ORM wraps the driver's error. */
function* causesOf(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE of a database error, found through wrapped causes; undefined for any other error. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const each of causesOf(error)) {
    if (typeof each.code === 'string' && /^[0-9A-Z]{5}$/.test(each.code)) return each.code;
  }
  return undefined;
}

/** The constraint a unique violation (23505) names, found through wrapped causes; null for any other error. */
export function uniqueViolationOf(error: unknown): string | null {
  for (const each of causesOf(error)) {
    if (each.code === '23505') return typeof each.constraint === 'string' ? each.constraint : '';
  }
  return null;
}

/** True when one of the wrapped errors carries one of these messages. */
export function hasMessage(error: unknown, messages: ReadonlySet<string>): boolean {
  for (const each of causesOf(error)) if (messages.has(String(each.message))) return true;
  return false;
}
