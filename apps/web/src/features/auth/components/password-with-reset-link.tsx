import { TextField } from '../../../components/ui/text-field';
import type { CheckedField } from '../../../lib/checked-form';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../lib/paths';

/** The account's current password, with the way out for one who forgot it. */
export function PasswordWithResetLink({
  error,
  field,
}: {
  error: string | undefined;
  field: CheckedField;
}) {
  return (
    <>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={error}
        {...field}
      />
      <div className="-mt-1 flex justify-end">
        <TextLink to={paths.forgotPassword} className="text-sm">
          Forgot Password?
        </TextLink>
      </div>
    </>
  );
}
