import { paths } from '../paths';

/** Where a notification leads: its own link inside the portal; anything else (never expected) the inbox. */
export function notificationHref(link: string): string {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')
    ? link
    : paths.notifications;
}
