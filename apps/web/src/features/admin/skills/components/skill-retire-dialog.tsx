import { useState } from 'react';
import { ADMIN_SKILL_MESSAGES, type AdminSkill } from '@cosa/contracts';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { ApiError } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useRetireSkill } from '../api/admin-skills';

/** Retire a skill, asking first: it stays on the records that hold it and leaves the catalogue. */
export function SkillRetireDialog({ skill }: { skill: AdminSkill }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retire = useRetireSkill(skill.id);
  const onOpenChange = (next: boolean) => {
    if (retire.isPending) return;
    setError(null);
    setOpen(next);
  };
  const confirm = async () => {
    try {
      await retire.mutateAsync();
      toast.success(ADMIN_SKILL_MESSAGES.retired);
      setOpen(false);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status >= 400 && caught.status < 500
          ? caught.message
          : ADMIN_SKILL_MESSAGES.retireFailed,
      );
    }
  };
  const holders =
    skill.usage === 1
      ? 'The 1 student who holds it keeps it.'
      : `The ${skill.usage} students who hold it keep it.`;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={`Retire ${skill.name}?`}
      trigger={
        <Button variant="danger" size="sm" aria-label={`Retire ${skill.name}`}>
          Retire
        </Button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={retire.isPending}>
            Keep it
          </Button>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            loading={retire.isPending}
            loadingText="Retiring..."
          >
            Retire skill
          </Button>
        </>
      }
    >
      <p className="text-sm break-words text-ink">
        {ADMIN_SKILL_MESSAGES.retireText} {holders}
      </p>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
