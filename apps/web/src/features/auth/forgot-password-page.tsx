import { useState } from 'react';
import { AUTH_MESSAGES, checkForgotPasswordForm } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { TextLink } from '../../components/ui/text-link';
import { useCheckedForm } from '../../lib/checked-form';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useForgotPassword } from './api/forgot-password';
import { refusalMessage } from './auth-messages';
import { AuthCard } from './components/auth-card';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/** /forgot-password: e-mails a link to set a new password. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { field, errors, handleSubmit, showFieldErrors } = useCheckedForm({
    initial: { email: '' },
    check: checkForgotPasswordForm,
  });

  const onSubmit = handleSubmit((values) => {
    setOutcome(null);
    forgot.mutate(values, {
      onSuccess: ({ message }) => {
        const text = message || AUTH_MESSAGES.resetSent;
        setOutcome({ tone: 'success', message: text });
        toast.success(text);
      },
      onError: (error) => {
        if (showFieldErrors(error, ['email'])) return;
        const text = refusalMessage(error, AUTH_MESSAGES.resetFailed);
        setOutcome({ tone: 'error', message: text });
        toast.error(text);
      },
    });
  });

  return (
    <AuthCard
      title="Forgot Password"
      description="Enter the email of your account and we will send you a link to set a new password."
      footer={
        <p>
          Remembered it? <TextLink to={paths.login}>Back to Login</TextLink>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Forgot Password">
        {outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
          {...field('email')}
        />
        <Button type="submit" fullWidth loading={forgot.isPending} loadingText="Sending...">
          Send Reset Link
        </Button>
      </form>
    </AuthCard>
  );
}
