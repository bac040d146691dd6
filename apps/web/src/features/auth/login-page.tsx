import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, type LoginRequest, checkLoginForm } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from '../../components/ui/text-link';
import { formCheckResolver } from '../../lib/form-check';
import { applyFieldErrors } from '../../lib/form-errors';
import { paths } from '../../lib/paths';
import { useLogin } from './api/login';
import { googleErrorMessage, refusalMessage } from './auth-messages';
import { AuthCard } from './components/auth-card';
import { PasswordWithResetLink } from './components/password-with-reset-link';
import { GoogleLink } from './components/google-link';
import { OrDivider } from './components/or-divider';

/** /login: e-mail and password, or Google. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: formCheckResolver(checkLoginForm),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ redirectTo }) => void navigate(redirectTo, { replace: true }),
      onError: (error) => {
        if (applyFieldErrors(error, setError, ['email', 'password'])) return;
        setError('root.server', { message: refusalMessage(error, AUTH_MESSAGES.invalidCredentials) });
      },
    }),
  );

  const failure = errors.root?.server?.message ?? googleErrorMessage(params.get('error'));

  return (
    <AuthCard
      title="Login"
      footer={
        <p>
          Don&apos;t have an Account? <TextLink to={paths.register}>Register</TextLink>
        </p>
      }
    >
      <form
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
        aria-label="Login"
      >
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordWithResetLink error={errors.password?.message} registration={register('password')} />
        <Button type="submit" fullWidth loading={login.isPending}>
          Login
        </Button>
      </form>
      <OrDivider />
      <GoogleLink label="Sign in with Google" />
    </AuthCard>
  );
}
