import { useState } from 'react';
import { SKILL_MESSAGES, type UserSkill } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRemoveMySkill } from '../api/remove-my-skill';

/** Remove, after a confirmation, for one of the student's unendorsed skills. */
export function RemoveSkillButton({ userSkill }: { userSkill: UserSkill }) {
  const [open, setOpen] = useState(false);
  const removal = useRemoveMySkill();
  const name = userSkill.skill.name;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) removal.reset();
  };

  const confirm = () =>
    removal.mutate(userSkill.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(SKILL_MESSAGES.removed);
      },
    });

  // The server refuses an endorsed skill (409) and says so; anything else gets a plain retry message.
  const failure =
    removal.error instanceof ApiError && removal.error.status === 409
      ? removal.error.message
      : SKILL_MESSAGES.removeFailed;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Remove ${name}`}>
          Remove
        </Button>
      }
      title="Remove skill?"
      description={`${name} will be removed from your skills.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={confirm}
            loading={removal.isPending}
            loadingText="Removing..."
          >
            Remove
          </Button>
        </>
      }
    >
      {removal.isError ? (
        <Alert tone="error">{failure}</Alert>
      ) : (
        <p className="text-sm text-ink">You can add it again later.</p>
      )}
    </Dialog>
  );
}
