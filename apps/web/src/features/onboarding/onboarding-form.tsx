import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  DISCIPLINES,
  ERROR_CODES,
  IDENTITY_MESSAGES,
  MIN_ADMISSION_YEAR,
  MOBILE_DIGITS,
  onboardingRequestSchema,
  PROGRAMS,
  type OnboardingFacts,
  type SessionUser,
} from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { optionsOf, SelectField } from '../../components/ui/select';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { digitsOnly } from '../../lib/digits-only';
import { applyFieldErrors } from '../../lib/form-errors';
import { paths } from '../../lib/paths';
import { useCompleteOnboarding } from './api/complete-onboarding';
import { StudentIdClaimed } from './student-id-claimed';
import { PrivacyChoiceBoxes } from '../../components/privacy-choice-boxes';

type Schema = ReturnType<typeof onboardingRequestSchema>;
type FormInput = z.input<Schema>;
type FormOutput = z.output<Schema>;

const FIELDS = ['idNumber', 'mobile', 'admissionYear', 'program', 'discipline'] as const;
const PROGRAM_OPTIONS = optionsOf(PROGRAMS);
const DISCIPLINE_OPTIONS = optionsOf(DISCIPLINES);

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return AUTH_MESSAGES.onboardingFailed;
}

/**
 * The form's rules: the spec's, except for a year the institute holds, which is shown as it is
 * (the roll may carry next year's batch ahead).
 */
function formSchema(facts: OnboardingFacts): Schema {
  const base = onboardingRequestSchema();
  return facts.admissionYear === null ? base : base.extend({ admissionYear: z.coerce.number() });
}

/**
 * 'Student Registration': the facts the institute already holds are shown read-only under 'Kept
 * by the institute' (sent back as they are); the form asks only for the others (decision 0015).
 */
export function OnboardingForm({ user, facts }: { user: SessionUser; facts: OnboardingFacts }) {
  const navigate = useNavigate();
  const onboarding = useCompleteOnboarding();
  const schema = useMemo(() => formSchema(facts), [facts]);
  const maxYear = new Date().getFullYear();
  // The id another account claimed, which the student may ask the administrator for.
  const [claimed, setClaimed] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      idNumber: facts.studentId ?? user.studentId ?? '',
      mobile: '',
      admissionYear: facts.admissionYear ?? '',
      ...(facts.program !== null ? { program: facts.program as FormInput['program'] } : {}),
      ...(facts.discipline !== null ? { discipline: facts.discipline as FormInput['discipline'] } : {}),
      privacy: { showProfile: false, listed: false, showPhone: false },
    },
  });
  const officialName = facts.officialName !== user.name ? facts.officialName : null;
  const kept = {
    officialName: officialName !== null,
    idNumber: facts.studentId !== null,
    admissionYear: facts.admissionYear !== null,
    program: facts.program !== null,
    discipline: facts.discipline !== null,
  };
  const anyKept = Object.values(kept).some(Boolean);

  const onSubmit = handleSubmit((values) =>
    onboarding.mutate(values, {
      onSuccess: () => void navigate(paths.root, { replace: true }),
      onError: (error) => {
        setClaimed(
          error instanceof ApiError && error.code === ERROR_CODES.studentIdClaimed
            ? values.idNumber
            : null,
        );
        if (applyFieldErrors(error, setError, FIELDS)) return;
        setError('root.server', { message: failureMessage(error) });
      },
    }),
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Student Registration"
    >
      {errors.root?.server?.message && (
        <Alert tone="error" className="sm:col-span-2">
          {errors.root.server.message}
        </Alert>
      )}
      <TextField label="Name" value={user.name} readOnly autoComplete="name" />
      <TextField label="Email" type="email" value={user.email} readOnly autoComplete="email" />
      {anyKept && (
        <fieldset
          className="grid min-w-0 gap-4 rounded-lg border border-line p-3 sm:col-span-2 sm:grid-cols-2"
          aria-describedby="onboarding-kept-note"
        >
          <legend className="px-1 text-sm font-medium text-ink">
            {IDENTITY_MESSAGES.keptByInstitute}
          </legend>
          <p id="onboarding-kept-note" className="text-sm text-ink-muted sm:col-span-2">
            {IDENTITY_MESSAGES.onboardingHeld}
          </p>
          {officialName !== null && (
            <TextField label="Official name" value={officialName} readOnly autoComplete="off" />
          )}
          {kept.idNumber && (
            <TextField
              label="Student ID number"
              readOnly
              autoComplete="off"
              error={errors.idNumber?.message}
              {...register('idNumber')}
            />
          )}
          {kept.admissionYear && (
            <TextField
              label="Admission year"
              readOnly
              autoComplete="off"
              error={errors.admissionYear?.message}
              {...register('admissionYear')}
            />
          )}
          {kept.program && (
            <TextField
              label="Program"
              readOnly
              autoComplete="off"
              error={errors.program?.message}
              {...register('program')}
            />
          )}
          {kept.discipline && (
            <TextField
              label="Discipline"
              readOnly
              autoComplete="off"
              error={errors.discipline?.message}
              {...register('discipline')}
            />
          )}
        </fieldset>
      )}
      {!kept.idNumber && (
        <TextField
          label="Student ID number"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          required
          error={errors.idNumber?.message}
          {...digitsOnly(register('idNumber'))}
        />
      )}
      {claimed && <StudentIdClaimed key={claimed} studentId={claimed} />}
      <TextField
        label="Mobile number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={MOBILE_DIGITS}
        required
        hint={`${MOBILE_DIGITS} digits, without the country code.`}
        error={errors.mobile?.message}
        {...digitsOnly(register('mobile'))}
      />
      {!kept.admissionYear && (
        <TextField
          label="Admission year"
          type="number"
          inputMode="numeric"
          min={MIN_ADMISSION_YEAR}
          max={maxYear}
          step={1}
          required
          hint={`Between ${MIN_ADMISSION_YEAR} and ${maxYear}.`}
          error={errors.admissionYear?.message}
          {...register('admissionYear')}
        />
      )}
      {!kept.program && (
        <SelectField
          label="Program"
          placeholder="Select a program"
          options={PROGRAM_OPTIONS}
          required
          error={errors.program?.message}
          {...register('program')}
        />
      )}
      {!kept.discipline && (
        <SelectField
          label="Discipline"
          placeholder="Select a discipline"
          options={DISCIPLINE_OPTIONS}
          required
          error={errors.discipline?.message}
          containerClassName="sm:col-span-2"
          {...register('discipline')}
        />
      )}
      <PrivacyChoiceBoxes
        className="min-w-0 rounded-lg border border-line p-3 sm:col-span-2"
        showProfile={register('privacy.showProfile')}
        listed={register('privacy.listed')}
        showPhone={register('privacy.showPhone')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" fullWidth loading={onboarding.isPending}>
          Complete Registration
        </Button>
      </div>
    </form>
  );
}
