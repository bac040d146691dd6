import type { MailMessage } from '../../lib/mailer';

/** What the account e-mails say of the installation. */
export type AccountMailSettings = {
  publicUrl: string;
  instituteName: string;
  instituteShortName: string;
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

type LinkMail = {
  subject: string;
  /** Paragraphs before the link; the last one leads to it. */
  before: string[];
  linkLabel: string;
  link: string;
  /** Paragraphs after the link. */
  after: string[];
};

/**
 * An e-mail that carries one link, as plain text and as simple HTML; every text is escaped in the
 * HTML. It names nobody: the account's name was typed by whoever registered, who may not be the
 * owner of the mailbox, and must not put words in the portal's mouth.
 */
export function linkMail(
  settings: AccountMailSettings,
  to: { email: string },
  content: LinkMail,
): MailMessage {
  const signature = `${settings.instituteName} COSA Portal`;
  const text = [
    'Hello,',
    '',
    ...content.before,
    '',
    content.link,
    '',
    ...content.after,
    '',
    signature,
  ].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937">',
    paragraph('Hello,'),
    ...content.before.map(paragraph),
    `<p><a href="${escapeHtml(content.link)}">${escapeHtml(content.linkLabel)}</a></p>`,
    `<p style="font-size: 13px; color: #4b5563">Or copy this address into your browser: ${escapeHtml(content.link)}</p>`,
    ...content.after.map(paragraph),
    paragraph(signature),
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject: content.subject, text, html };
}

/** The portal's name in e-mails, e.g. 'IIT Bhilai COSA Portal'. */
export function portalName(settings: AccountMailSettings): string {
  return `${settings.instituteShortName} COSA Portal`;
}

/** The account e-mail settings of a configuration. */
export function accountMailSettings(config: {
  publicUrl: string;
  INSTITUTE_NAME: string;
  INSTITUTE_SHORT_NAME: string;
}): AccountMailSettings {
  return {
    publicUrl: config.publicUrl,
    instituteName: config.INSTITUTE_NAME,
    instituteShortName: config.INSTITUTE_SHORT_NAME,
  };
}
