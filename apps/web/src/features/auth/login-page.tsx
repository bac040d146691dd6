import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, checkLoginForm } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from '../../components/ui/text-link';
import { ApiError } from '../../lib/api-client';
import { useCheckedForm } from '../../lib/checked-form';
import { paths } from '../../lib/paths';
import { useLogin } from './api/login';
import { googleErrorMessage, refusalMessage } from './auth-messages';
import { AuthCard } from './components/auth-card';
import { PasswordWithResetLink } from './components/password-with-reset-link';
import { GoogleOption } from './components/google-link';

/** /login: e-mail and password, or Google where it is set up. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const { field, errors, failure, setFailure, handleSubmit, showFieldErrors } = useCheckedForm({
    initial: { email: '', password: '' },
    check: checkLoginForm,
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ redirectTo }) => void navigate(redirectTo, { replace: true }),
      onError: (error) => {
        if (showFieldErrors(error, ['email', 'password'])) return;
        // Unreached (offline, say) is not a wrong password: the page says which (decision 0043).
        setFailure(
          error instanceof ApiError && error.status === 0
            ? error.message
            : refusalMessage(error, AUTH_MESSAGES.invalidCredentials),
        );
      },
    }),
  );

  const message = failure ?? googleErrorMessage(params.get('error'));

  return (
    <AuthCard
      title="Login"
      footer={
        <p>
          Don&apos;t have an Account? <TextLink to={paths.register}>Register</TextLink>
        </p>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Login">
        {message && <Alert tone="error">{message}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
          {...field('email')}
        />
        <PasswordWithResetLink error={errors.password} field={field('password')} />
        <Button type="submit" fullWidth loading={login.isPending}>
          Login
        </Button>
      </form>
      <GoogleOption label="Sign in with Google" />
    </AuthCard>
  );
}
