import { useState, type FormEvent } from 'react';
import { MemberRoleInputSchema, type RosterEntry } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChangeMemberRole } from '../api/club-members';
import { CLUB_ADMIN_TEXTS, refusalOf } from '../club-admin-texts';
import { useOneAtATime } from '../../../lib/one-at-a-time';

/** Names a current member's role (member, core member, …), as the club calls it. */
export function MemberRoleDialog({ unitId, member }: { unitId: string; member: RosterEntry }) {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState(member.role);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const change = useChangeMemberRole(unitId, member.id);
  const once = useOneAtATime();

  const onOpenChange = (next: boolean) => {
    if (change.isPending) return;
    setOpen(next);
    setRole(member.role);
    setFieldError(undefined);
    setFailure(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const checked = MemberRoleInputSchema.safeParse({ role });
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      return;
    }
    try {
      const result = await once(() => change.mutateAsync(checked.data));
      if (!result) return;
      const { member: changed } = result;
      setOpen(false);
      toast.success(`${changed.student.name} is now ${changed.role}.`);
    } catch (error) {
      const message = error instanceof ApiError ? error.fields?.role : undefined;
      if (message) setFieldError(message);
      else setFailure(refusalOf(error, CLUB_ADMIN_TEXTS.roleFailed));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={`Change ${member.student.name}'s role`}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Change the role of ${member.student.name}`}>
          Change role
        </Button>
      }
    >
      <form
        noValidate
        aria-label={`Change ${member.student.name}'s role`}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField
          label="Role"
          required
          autoComplete="off"
          hint="As the club names it, e.g. Member, Core member, Design lead."
          value={role}
          error={fieldError}
          onChange={(event) => {
            setRole(event.target.value);
            setFieldError(undefined);
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending} loadingText="Saving...">
            Save role
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
