/** What a push shows: the notification's title, text, the page it opens and the tag that groups it. */
export type PushNotice = { title: string; body: string; url: string; tag: string | null };

/** Shown for a push whose payload is missing or not the portal's: a browser penalises a push that shows nothing. */
const FALLBACK_NOTICE: PushNotice = {
  title: 'New notification',
  body: 'Open the portal to read it.',
  url: '/notifications',
  tag: null,
};

/**
 * Whether a URL may be opened from a notification: a path of the portal itself ('/events/…'),
 * never another site ('https://…', '//host', '/\\host').
 */
export function isPortalPath(url: string): boolean {
  return /^\/(?![/\\])/.test(url) && ![...url].some((char) => char.charCodeAt(0) < 0x20);
}

/**
 * The notice of a push payload as the portal's server sends it, JSON of exactly
 * `{ "title": string, "body": string, "url": string, "tag": string }`; anything else (no payload,
 * not JSON, no title, a mistyped member) gives FALLBACK_NOTICE. A URL off the portal opens the
 * notifications page instead.
 */
export function noticeOfPush(text: string | null | undefined): PushNotice {
  if (!text) return FALLBACK_NOTICE;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return FALLBACK_NOTICE;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return FALLBACK_NOTICE;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (
    typeof title !== 'string' ||
    title.trim() === '' ||
    typeof body !== 'string' ||
    typeof url !== 'string' ||
    typeof tag !== 'string'
  )
    return FALLBACK_NOTICE;
  return {
    title,
    body,
    url: isPortalPath(url) ? url : FALLBACK_NOTICE.url,
    tag: tag === '' ? null : tag,
  };
}
