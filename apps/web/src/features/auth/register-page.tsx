import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  AUTH_MESSAGES,
  checkRegisterForm,
  PASSWORD_MIN_LENGTH,
  type RegisterRequest,
} from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from '../../components/ui/text-link';
import { digitsOnly } from '../../lib/digits-only';
import { formCheckResolver } from '../../lib/form-check';
import { applyFieldErrors } from '../../lib/form-errors';
import { paths } from '../../lib/paths';
import { usePublicConfig } from '../../lib/public-config';
import { useRegister } from './api/register';
import { refusalMessage } from './auth-messages';
import { AuthCard } from './components/auth-card';
import { GoogleLink } from './components/google-link';
import { OrDivider } from './components/or-divider';

const FIELDS = ['name', 'studentId', 'email', 'password'] as const;

function RegisterForm({ domain }: { domain: string }) {
  const navigate = useNavigate();
  const registration = useRegister();
  const resolver = useMemo(
    () => formCheckResolver((values: RegisterRequest) => checkRegisterForm(values, domain)),
    [domain],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterRequest>({
    resolver,
    defaultValues: { name: '', studentId: '', email: '', password: '' },
    // The spec clears the messages on each submit attempt, not while typing.
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit((values) =>
    registration.mutate(values, {
      onSuccess: ({ redirectTo }) => void navigate(redirectTo, { replace: true }),
      onError: (error) => {
        if (applyFieldErrors(error, setError, FIELDS)) return;
        setError('root.server', { message: refusalMessage(error, AUTH_MESSAGES.resetFailed) });
      },
    }),
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Register"
    >
      {errors.root?.server?.message && <Alert tone="error">{errors.root.server.message}</Alert>}
      <TextField
        label="Name"
        type="text"
        autoComplete="name"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Student ID"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        required
        error={errors.studentId?.message}
        {...digitsOnly(register('studentId'))}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        hint={`Your @${domain} address.`}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Create Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" fullWidth loading={registration.isPending}>
        Register
      </Button>
    </form>
  );
}

/** /register: a student account with an institute e-mail, or Google. */
export function RegisterPage() {
  const config = usePublicConfig();
  return (
    <AuthCard
      title="Register"
      footer={
        <p>
          Already have an Account? <TextLink to={paths.login}>Login</TextLink>
        </p>
      }
    >
      {config.data ? (
        <RegisterForm domain={config.data.emailDomain} />
      ) : config.isError ? (
        <ErrorState
          message="We could not load the registration form. Check your connection and try again."
          onRetry={() => void config.refetch()}
          retrying={config.isFetching}
        />
      ) : (
        <Spinner label="Loading..." visibleLabel />
      )}
      <OrDivider />
      <GoogleLink label="Sign up with Google" />
    </AuthCard>
  );
}
