/** An election notice's line: what happened (the outcome) in the election the subject names. */
export function electionNoticeTitle(outcome: string | null, election: string): string {
  switch (outcome) {
    case 'nominations-open':
      return `Nominations are open: ${election}`;
    case 'voting-open':
      return `Voting is open: ${election}`;
    case 'reminder':
      return `Voting closes within a day and you have not voted for every post: ${election}`;
    case 'accepted':
      return `Your nomination was accepted: ${election}`;
    case 'rejected':
      return `Your nomination was rejected: ${election}`;
    case 'nominated':
      return `A nomination waits for your decision: ${election}`;
    case 'results':
      return `Results are certified: ${election}`;
    case 'timetable':
      return `The timetable changed: ${election}`;
    default:
      return `News of ${election}`;
  }
}
