import {
  NOTIFICATION_KIND_LABELS,
  instituteDateTime,
  notificationTitle,
  type NotificationKind,
} from '@cosa/contracts';
import type { MailMessage } from '../../lib/mailer';
import { unsubscribeToken } from './unsubscribe.service';

/** What the notification e-mails need of the installation. */
export type MailOptions = {
  publicUrl: string;
  instituteName: string;
  timeZone: string;
  unsubscribeSecret: string;
};

/** One notification as an e-mail lists it. */
export type MailItem = {
  kind: NotificationKind;
  outcome: string | null;
  subject: string;
  detail: string | null;
  link: string;
  itemCount: number;
  createdAt: Date;
};

/** An e-mail of notifications to one person: those listed (newest first) and how many more it only counts. */
export type MailBody = {
  userId: string;
  email: string;
  items: MailItem[];
  more: number;
  digest: boolean;
};

/** In a list, a long text (an announcement, the actions taken on feedback) is cut here; the portal shows it whole. */
const LISTED_DETAIL_MAX = 300;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function absolute(publicUrl: string, link: string): string {
  return `${publicUrl}${link.startsWith('/') ? '' : '/'}${link}`;
}

const shorten = (text: string) =>
  text.length > LISTED_DETAIL_MAX ? `${text.slice(0, LISTED_DETAIL_MAX - 1).trimEnd()}…` : text;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** When, as the pages write it: '22 Nov 2026, 12:51' on the institute's clock. */
const formatWhen = (instant: Date, timeZone: string): string =>
  instituteDateTime(instant, timeZone) ?? '';

/**
 * The kind one-click unsubscribe stops: the only kind of the e-mail, or in a mixed one the kind
 * most of it is about (the first listed on a tie). The footer names it, and links to the settings
 * for the rest.
 */
function unsubscribeKindOf(items: readonly MailItem[]): NotificationKind {
  const counts = new Map<NotificationKind, number>();
  for (const item of items) counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1);
  let chosen = items[0]!.kind;
  for (const [kind, count] of counts) if (count > counts.get(chosen)!) chosen = kind;
  return chosen;
}

function subjectOf(body: MailBody): string {
  const total = body.items.length + body.more;
  if (body.digest) return `Your daily digest: ${plural(total, 'new notification', 'new notifications')}`;
  if (total === 1) return notificationTitle(body.items[0]!);
  return `${total} new notifications`;
}

/**
 * A notification e-mail as plain text and as simple HTML (every stored text escaped, every link
 * absolute), with a footer that leads to the settings and a one-click unsubscribe link, and the
 * List-Unsubscribe headers (RFC 8058) that let a mail client offer the same.
 */
export function notificationMail(options: MailOptions, body: MailBody): MailMessage {
  const { publicUrl } = options;
  const kind = unsubscribeKindOf(body.items);
  const token = unsubscribeToken(options.unsubscribeSecret, body.userId, kind);
  const unsubscribePage = `${publicUrl}/unsubscribe?token=${token}`;
  const settingsPage = `${publicUrl}/notifications/settings`;
  const inbox = `${publicUrl}/notifications`;
  const signature = `${options.instituteName} COSA Portal`;
  const single = body.items.length === 1 && body.more === 0 && !body.digest;
  const total = body.items.length + body.more;
  const intro = body.digest
    ? `Here is what happened in the ${signature} since your last digest: ${plural(total, 'notification', 'notifications')}.`
    : `You have ${plural(total, 'new notification', 'new notifications')} in the ${signature}.`;
  const stopLabel = `Stop e-mails about "${NOTIFICATION_KIND_LABELS[kind]}"`;

  const text: string[] = [];
  const html: string[] = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937">',
  ];
  if (single) {
    const item = body.items[0]!;
    const link = absolute(publicUrl, item.link);
    text.push(notificationTitle(item), '');
    html.push(`<p><strong>${escapeHtml(notificationTitle(item))}</strong></p>`);
    if (item.detail) {
      text.push(item.detail, '');
      html.push(...item.detail.split(/\r?\n/).map((line) => `<p>${escapeHtml(line)}</p>`));
    }
    text.push(`Open it in the portal: ${link}`);
    html.push(`<p><a href="${escapeHtml(link)}">Open it in the portal</a></p>`);
  } else {
    text.push(intro, '');
    html.push(`<p>${escapeHtml(intro)}</p>`, '<ul style="padding-left: 20px">');
    for (const item of body.items) {
      const link = absolute(publicUrl, item.link);
      const when = formatWhen(item.createdAt, options.timeZone);
      text.push(`- ${notificationTitle(item)} (${when})`);
      if (item.detail) text.push(`  ${shorten(item.detail).replace(/\r?\n/g, ' ')}`);
      text.push(`  ${link}`, '');
      const detail = item.detail
        ? `<br><span style="color: #4b5563">${escapeHtml(shorten(item.detail))}</span>`
        : '';
      html.push(
        `<li style="margin-bottom: 12px"><a href="${escapeHtml(link)}">${escapeHtml(notificationTitle(item))}</a> <span style="color: #6b7280">(${escapeHtml(when)})</span>${detail}</li>`,
      );
    }
    html.push('</ul>');
    if (body.more > 0) {
      const more = `And ${body.more} more in the portal.`;
      text.push(more, '');
      html.push(`<p>${escapeHtml(more)}</p>`);
    }
    text.push(`See all your notifications: ${inbox}`);
    html.push(`<p><a href="${escapeHtml(inbox)}">See all your notifications</a></p>`);
  }

  text.push(
    '',
    '--',
    signature,
    `Choose which e-mails you get: ${settingsPage}`,
    `${stopLabel}: ${unsubscribePage}`,
  );
  html.push(
    '<hr style="border: none; border-top: 1px solid #e5e7eb; margin: 24px 0 12px">',
    `<p style="font-size: 13px; color: #4b5563">${escapeHtml(signature)}<br>`,
    `<a href="${escapeHtml(settingsPage)}">Choose which e-mails you get</a> &middot; <a href="${escapeHtml(unsubscribePage)}">${escapeHtml(stopLabel)}</a></p>`,
    '</body></html>',
  );
  return {
    to: body.email,
    subject: subjectOf(body),
    text: text.join('\n'),
    html: html.join('\n'),
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/notifications/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
