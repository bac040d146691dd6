import { notificationTitle, type NotificationKind, type PushMessage } from '@cosa/contracts';

/** What a push tells of a notification, as stored. */
export type PushedNotification = {
  kind: NotificationKind;
  outcome: string | null;
  subject: string;
  detail: string | null;
  link: string;
  itemCount: number;
};

/** A phone shows a line or two; the whole text waits in the portal. The payload stays far under the 4 KB a push may carry. */
const TITLE_MAX = 160;
const BODY_MAX = 240;

/** The text on one line, at most `max` characters: cut between characters, never inside an emoji's pair. */
const oneLine = (text: string, max: number) => {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  return characters.length > max
    ? `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : characters.join('');
};

/**
 * The push of a notification (decision 0042): its line as the inbox shows it, its detail (or the
 * portal's name) below, its page, and the tag that a newer push of the same topic replaces.
 */
export function pushMessageOf(
  notification: PushedNotification,
  tag: string,
  instituteShortName: string,
): PushMessage {
  const detail = notification.detail ? oneLine(notification.detail, BODY_MAX) : '';
  return {
    title: oneLine(notificationTitle(notification), TITLE_MAX),
    body: detail || `${instituteShortName} COSA Portal`,
    // A path of the portal only: never another site's address, not even one written '//host'.
    url: /^\/(?!\/)/.test(notification.link) ? notification.link : '/notifications',
    tag,
  };
}
