/** Texts the spec quotes, shown verbatim. */
export const TEXTS = {
  loading: 'Loading...',
  unauthorisedHeading: '403 - Unauthorised Access',
  unauthorisedText: 'You do not have permission to view this page.',
  invalidGensecRole: 'Invalid GenSec role.',
  loggingOut: 'Logging out...',
} as const;

/** 'Please use an @{domain} email address.' */
export function wrongDomainMessage(domain: string): string {
  return `Please use an @${domain} email address.`;
}
