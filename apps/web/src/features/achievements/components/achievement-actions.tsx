import { useState } from 'react';
import { SUBMISSION_MESSAGES, type Achievement } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { lazyPart } from '../../../lib/lazy-part';
import { toast } from '../../../lib/toast';
import { useWithdrawAchievement } from '../api/edit-achievement';

/** The form (react-hook-form and the event picker) loads when the browser is idle, or when the dialog opens. */
const AchievementFormPart = lazyPart(
  async () => (await import('./achievement-form')).AchievementForm,
  <Spinner label="Loading..." visibleLabel />,
);

/**
 * Edit (pending) or Correct and resend (declined), and Withdraw, for an achievement no official has
 * verified; nothing once verified.
 */
export function AchievementActions({ achievement }: { achievement: Achievement }) {
  const [editing, setEditing] = useState(false);
  const withdraw = useWithdrawAchievement();
  AchievementFormPart.usePreload();
  if (achievement.verified) return null;
  const resend = achievement.declineReason !== null;
  const label = resend ? SUBMISSION_MESSAGES.resend : SUBMISSION_MESSAGES.edit;
  return (
    <div className="flex flex-wrap gap-2">
      <Dialog
        open={editing}
        onOpenChange={setEditing}
        size="lg"
        trigger={
          <Button variant="secondary" size="sm" aria-label={`${label}: ${achievement.title}`}>
            {label}
          </Button>
        }
        title={
          resend ? SUBMISSION_MESSAGES.achievementResendTitle : SUBMISSION_MESSAGES.achievementEditTitle
        }
        description={
          resend
            ? `Reason given by the official: ${achievement.declineReason}`
            : 'It stays pending until an official verifies it.'
        }
      >
        <AchievementFormPart.Part
          editing={achievement}
          resend={resend}
          onSaved={() => setEditing(false)}
          secondary={
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {SUBMISSION_MESSAGES.cancel}
            </Button>
          }
        />
      </Dialog>
      <ConfirmDialog
        triggerLabel={SUBMISSION_MESSAGES.withdraw}
        triggerAriaLabel={`${SUBMISSION_MESSAGES.withdraw}: ${achievement.title}`}
        title={SUBMISSION_MESSAGES.achievementWithdrawTitle}
        description={
          <>
            <p className="font-medium">{achievement.title}</p>
            <p className="mt-1">{SUBMISSION_MESSAGES.achievementWithdrawText}</p>
          </>
        }
        confirmation={{
          confirmLabel: SUBMISSION_MESSAGES.withdraw,
          pendingLabel: SUBMISSION_MESSAGES.withdrawing,
          failureMessage: SUBMISSION_MESSAGES.changeFailed,
          onConfirm: async () => {
            await withdraw.mutateAsync(achievement.id);
            toast.success(SUBMISSION_MESSAGES.achievementWithdrawn);
          },
        }}
      />
    </div>
  );
}
