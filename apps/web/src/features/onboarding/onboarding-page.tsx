import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  AUTH_MESSAGES,
  DISCIPLINES,
  ERROR_CODES,
  isOnboarded,
  landingRouteFor,
  MIN_ADMISSION_YEAR,
  MOBILE_DIGITS,
  onboardingRequestSchema,
  PROGRAMS,
  type SessionUser,
} from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextLink } from '../../components/ui/text-link';
import { optionsOf, SelectField } from '../../components/ui/select';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { digitsOnly } from '../../lib/digits-only';
import { applyFieldErrors } from '../../lib/form-errors';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useCompleteOnboarding } from './api/complete-onboarding';
import { StudentIdClaimed } from './student-id-claimed';

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

function OnboardingForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const onboarding = useCompleteOnboarding();
  const schema = useMemo(() => onboardingRequestSchema(), []);
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
    defaultValues: { idNumber: user.studentId ?? '', mobile: '', admissionYear: '' },
  });

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
      <SelectField
        label="Program"
        placeholder="Select a program"
        options={PROGRAM_OPTIONS}
        required
        error={errors.program?.message}
        {...register('program')}
      />
      <SelectField
        label="Discipline"
        placeholder="Select a discipline"
        options={DISCIPLINE_OPTIONS}
        required
        error={errors.discipline?.message}
        containerClassName="sm:col-span-2"
        {...register('discipline')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" fullWidth loading={onboarding.isPending}>
          Complete Registration
        </Button>
      </div>
    </form>
  );
}

/** /onboarding ('Student Registration'): a signed-in student completes their record once; others see their landing page. */
export function OnboardingPage() {
  const { data: user } = useSession();
  if (!user) return null;
  if (isOnboarded(user)) return <Navigate to={landingRouteFor(user)} replace />;
  return (
    <div className="mx-auto w-full max-w-2xl py-4 sm:py-8">
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Student Registration</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Complete your registration to start using the portal. Not you?{' '}
          <TextLink to={paths.logout}>Logout</TextLink>
        </p>
        <div className="mt-6">
          <OnboardingForm user={user} />
        </div>
      </Card>
    </div>
  );
}
