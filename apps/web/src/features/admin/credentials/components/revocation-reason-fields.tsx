import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  ADMIN_REVOCATION_REASONS,
  REVOCATION_REASON_LABELS,
  WITHDRAWING_REASONS,
} from '@cosa/contracts';
import { SelectField } from '../../../../components/ui/select';
import { TextAreaField } from '../../../../components/ui/text-area-field';

const REASON_OPTIONS = ADMIN_REVOCATION_REASONS.map((reason) => ({
  value: reason,
  label: REVOCATION_REASON_LABELS[reason],
}));

/** The fields every revocation asks for: a reason class, and a note kept for the audit log. */
export type RevocationReasonValues = { reason: string; note: string };

/** The reason (saying which reasons withdraw the record itself) and the optional private note. */
export function RevocationReasonFields<Values extends RevocationReasonValues>({
  register,
  errors,
}: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}) {
  const own = register as unknown as UseFormRegister<RevocationReasonValues>;
  const shown = errors as FieldErrors<RevocationReasonValues>;
  return (
    <>
      <SelectField
        label="Reason"
        placeholder="Choose a reason"
        options={REASON_OPTIONS}
        hint={`${WITHDRAWING_REASONS.map((reason) => `"${REVOCATION_REASON_LABELS[reason]}"`).join(' and ')} withdraw the record itself: every credential of it is revoked, the student cannot download it again, and no transcript carries it.`}
        required
        error={shown.reason?.message}
        {...own('reason')}
      />
      <TextAreaField
        label="Note (optional)"
        hint="Kept for the audit log; the public check shows only the reason."
        rows={3}
        error={shown.note?.message}
        {...own('note')}
      />
    </>
  );
}
