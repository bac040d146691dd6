/** A money notice's line: what happened (the outcome) to the claim the subject names ('CLM-00042 · Robotics Club'). */
export function moneyNoticeTitle(outcome: string | null, claim: string): string {
  switch (outcome) {
    case 'submitted':
      return `A claim waits for your decision: ${claim}`;
    case 'secretary_approved':
      return `A claim the general secretary approved waits for your decision: ${claim}`;
    case 'approved':
      return `Your claim was approved: ${claim}`;
    case 'to-pay':
      return `An approved claim waits for payment: ${claim}`;
    case 'returned':
      return `Your claim was sent back for changes: ${claim}`;
    case 'rejected':
      return `Your claim was rejected: ${claim}`;
    case 'paid':
      return `Your claim was paid: ${claim}`;
    case 'cancelled':
      return `The approval of your claim was withdrawn, it will not be paid: ${claim}`;
    case 'approval-withdrawn':
      return `A claim you approved will not be paid, its approval was withdrawn: ${claim}`;
    default:
      return `News of ${claim}`;
  }
}
