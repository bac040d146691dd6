import { useForm } from 'react-hook-form';
import type { PrivacyChoices, PrivacyChoicesInput } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PrivacyChoiceBoxes } from '../../../components/privacy-choice-boxes';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSavePrivacyChoices } from '../api/choices';

/** The two optional choices, saved together; in effect for every other student at once. */
export function ChoicesCard({ choices }: { choices: PrivacyChoices }) {
  const save = useSavePrivacyChoices();
  const { register, handleSubmit, formState, reset } = useForm<PrivacyChoicesInput>({
    values: { showProfile: choices.showProfile, listed: choices.listed, showPhone: choices.showPhone },
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset({ showProfile: saved.showProfile, listed: saved.listed, showPhone: saved.showPhone });
        toast.success('Your privacy choices are saved.');
      },
    }),
  );
  return (
    <Card aria-labelledby="choices-title" className="grid gap-3">
      <h2 id="choices-title" className="text-lg font-semibold text-ink">
        What other students see
      </h2>
      {choices.chosenAt === null ? (
        <Alert tone="info">
          You have not made these choices yet. Until you do, other students see your photo and links and
          find you in search, as before; nobody but you and the administrator sees your mobile number.
        </Alert>
      ) : (
        <p className="text-sm text-ink-muted">Last changed {formatDateTime(choices.chosenAt)}.</p>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-3">
        <PrivacyChoiceBoxes
          showProfile={register('showProfile')}
          listed={register('listed')}
          showPhone={register('showPhone')}
        />
        {save.isError && (
          <Alert tone="error">
            {save.error instanceof ApiError && save.error.status < 500
              ? save.error.message
              : 'Your choices could not be saved. Check your connection and try again.'}
          </Alert>
        )}
        <div>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={choices.chosenAt !== null && !formState.isDirty}
          >
            Save choices
          </Button>
        </div>
      </form>
    </Card>
  );
}
