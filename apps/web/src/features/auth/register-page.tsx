import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, checkRegisterForm, PASSWORD_MIN_LENGTH } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from '../../components/ui/text-link';
import { digitsOnly } from '../../lib/digits-only';
import { useCheckedForm } from '../../lib/checked-form';
import { paths } from '../../lib/paths';
import { usePublicConfig } from '../../lib/public-config';
import { useRegister } from './api/register';
import { refusalMessage } from './auth-messages';
import { AuthCard } from './components/auth-card';
import { GoogleOption } from './components/google-link';

const FIELDS = ['name', 'studentId', 'email', 'password'] as const;

function RegisterForm({ domain }: { domain: string }) {
  const navigate = useNavigate();
  const registration = useRegister();
  const { field, errors, failure, setFailure, handleSubmit, showFieldErrors } = useCheckedForm({
    initial: { name: '', studentId: '', email: '', password: '' },
    check: (values) => checkRegisterForm(values, domain),
    // The spec clears the messages on each submit attempt, not while typing.
    recheck: 'submit',
  });

  const onSubmit = handleSubmit((values) =>
    registration.mutate(values, {
      onSuccess: ({ redirectTo }) => void navigate(redirectTo, { replace: true }),
      onError: (error) => {
        if (showFieldErrors(error, FIELDS)) return;
        setFailure(refusalMessage(error, AUTH_MESSAGES.resetFailed));
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Register">
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label="Name"
        type="text"
        autoComplete="name"
        required
        error={errors.name}
        {...field('name')}
      />
      <TextField
        label="Student ID"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        required
        error={errors.studentId}
        {...digitsOnly(field('studentId'))}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        hint={`Your @${domain} address.`}
        error={errors.email}
        {...field('email')}
      />
      <TextField
        label="Create Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
        {...field('password')}
      />
      <Button type="submit" fullWidth loading={registration.isPending}>
        Register
      </Button>
    </form>
  );
}

/** /register: a student account with an institute e-mail, or Google where it is set up. */
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
      <GoogleOption label="Sign up with Google" />
    </AuthCard>
  );
}
