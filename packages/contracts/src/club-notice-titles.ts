/** A club notice's line: what happened (the outcome) about the club the subject names. */
export function clubNoticeTitle(outcome: string | null, club: string): string {
  switch (outcome) {
    case 'requested':
      return `A student asked to join ${club}`;
    case 'accepted':
      return `You are now a member of ${club}`;
    case 'declined':
      return `Your request to join ${club} was declined`;
    case 'invited':
      return `${club} invited you to join`;
    case 'removed':
      return `You were removed from ${club}`;
    case 'lapsed':
      return `Your request to join ${club} lapsed without an answer`;
    case 'invitation-lapsed':
      return `The invitation to join ${club} lapsed`;
    default:
      return `News from ${club}`;
  }
}
