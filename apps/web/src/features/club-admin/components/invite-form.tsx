import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { InvitationInputSchema, type InvitationInput } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useInviteStudent } from '../api/club-members';
import { CLUB_ADMIN_TEXTS, refusalOf } from '../club-admin-texts';

type InviteValues = { studentId: string };

const resolver = zodResolver(InvitationInputSchema) as unknown as Resolver<
  InviteValues,
  unknown,
  InvitationInput
>;

/** Invites a student by student ID; the student accepts or declines on their side. */
export function InviteForm({ unitId }: { unitId: string }) {
  const invite = useInviteStudent(unitId);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<InviteValues, unknown, InvitationInput>({
    resolver,
    defaultValues: { studentId: '' },
    reValidateMode: 'onSubmit',
  });

  const onValid = async (body: InvitationInput) => {
    try {
      const { request } = await invite.mutateAsync(body);
      reset({ studentId: '' });
      toast.success(`Invitation sent to ${request.student.name}.`);
    } catch (error) {
      if (applyFieldErrors(error, setError, ['studentId'])) return;
      // This student is a member already, or has an invitation or request waiting.
      if (error instanceof ApiError && error.status === 409) {
        setError('studentId', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      setError('root', { message: refusalOf(error, CLUB_ADMIN_TEXTS.inviteFailed) });
    }
  };

  return (
    <form
      noValidate
      aria-label="Invite a student"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
      <TextField
        label="Student ID"
        required
        inputMode="numeric"
        autoComplete="off"
        containerClassName="sm:w-64"
        error={errors.studentId?.message}
        {...register('studentId', {
          onChange: () => {
            clearErrors('studentId');
            clearErrors('root');
          },
        })}
      />
      <Button type="submit" className="sm:mt-6" loading={invite.isPending} loadingText="Sending...">
        Send invitation
      </Button>
    </form>
  );
}
