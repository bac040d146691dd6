/** A privacy notice's line: a copy of the person's data ready, or an erasure of their account scheduled or cancelled. */
export function privacyNoticeTitle(outcome: string | null): string {
  switch (outcome) {
    case 'export-ready':
      return 'A copy of your data is ready to download';
    case 'export-failed':
      return 'A copy of your data could not be prepared';
    case 'erasure-scheduled':
      return 'Your account is scheduled to be erased';
    case 'erasure-cancelled':
      return 'The erasure of your account was cancelled';
    default:
      return 'Your data';
  }
}
