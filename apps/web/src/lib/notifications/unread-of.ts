/**
 * The count of an answer or a stream event ({ "unread": N }), or null for anything else. Checked by
 * hand rather than with UnreadCountSchema: the bell is on every landing page, which should not load
 * the notification schemas for one number.
 */
export function unreadOf(body: unknown): number | null {
  const unread =
    typeof body === 'object' && body !== null ? (body as { unread?: unknown }).unread : undefined;
  return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : null;
}
