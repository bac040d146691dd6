import { PASSWORD_MIN_LENGTH } from './constants';
import {
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  instituteEmailProblem,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  STUDENT_ID_MAX_LENGTH,
} from './auth-messages';
import { isPlainLine } from './plain-text';

/*
 * The sign-in pages' forms checked without zod, so that the first page a visitor opens loads no
 * schema library (decisions 0010 and 0013). The rules and messages are those of the API's schemas in
 * auth.ts, field by field and in the same order; auth-forms.test.ts holds the two together.
 */

/** The values as the API reads them (trimmed where it trims), or the first message of each refused field. */
export type FormCheck<Values> = { values: Values; errors: Partial<Record<keyof Values, string>> };

/** The message of the first rule broken, if any. */
function firstBroken(...rules: [broken: boolean, message: string][]): string | undefined {
  return rules.find(([broken]) => broken)?.[1];
}

function checked<Values>(
  values: Values,
  errors: Partial<Record<keyof Values, string | undefined>>,
): FormCheck<Values> {
  const found = Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as Partial<Record<keyof Values, string>>;
  return { values, errors: found };
}

const emailProblem = (email: string) =>
  firstBroken(
    [email.length === 0, AUTH_MESSAGES.emailRequired],
    [email.length > EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailInvalid],
  );

const accountPasswordProblem = (password: string) =>
  firstBroken(
    [password.length === 0, AUTH_MESSAGES.passwordRequired],
    [password.length > PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong],
  );

const newPasswordProblem = (password: string) =>
  firstBroken(
    [password.length === 0, AUTH_MESSAGES.passwordRequired],
    [password.length < PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort],
    [password.length > PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong],
  );

/** An address as an e-mail program would take it: something, an @, and a domain with a dot in it. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

type LoginForm = { email: string; password: string };
/** /login: LoginRequestSchema's rules. */
export function checkLoginForm(form: LoginForm): FormCheck<LoginForm> {
  const email = form.email.trim();
  return checked(
    { email, password: form.password },
    { email: emailProblem(email), password: accountPasswordProblem(form.password) },
  );
}

type RegisterForm = { name: string; studentId: string; email: string; password: string };
/** /register: registerRequestSchema(domain)'s rules. */
export function checkRegisterForm(form: RegisterForm, domain: string): FormCheck<RegisterForm> {
  const name = form.name.trim();
  const studentId = form.studentId.trim();
  const email = form.email.trim();
  return checked(
    { name, studentId, email, password: form.password },
    {
      name: firstBroken(
        [name.length === 0, AUTH_MESSAGES.nameRequired],
        [name.length > NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong],
        [!isPlainLine(name), AUTH_MESSAGES.nameInvalid],
      ),
      studentId: firstBroken(
        [studentId.length === 0, AUTH_MESSAGES.studentIdRequired],
        [studentId.length > STUDENT_ID_MAX_LENGTH, AUTH_MESSAGES.studentIdTooLong],
        [!/^[0-9]+$/.test(studentId), AUTH_MESSAGES.studentIdDigits],
      ),
      email: emailProblem(email) ?? instituteEmailProblem(email, domain),
      password: newPasswordProblem(form.password),
    },
  );
}

type EmailForm = { email: string };
/** /forgot-password: ForgotPasswordRequestSchema's rules (the API checks the address's form more closely). */
export function checkForgotPasswordForm(form: EmailForm): FormCheck<EmailForm> {
  const email = form.email.trim();
  return checked(
    { email },
    {
      email: emailProblem(email) ?? firstBroken([!EMAIL_SHAPE.test(email), AUTH_MESSAGES.emailInvalid]),
    },
  );
}

type PasswordForm = { password: string };
/** A new password (/reset-password): ResetPasswordRequestSchema's rules. */
export function checkNewPasswordForm(form: PasswordForm): FormCheck<PasswordForm> {
  return checked({ password: form.password }, { password: newPasswordProblem(form.password) });
}

/** An account's own password (the e-mail verification link): VerifyEmailRequestSchema's rule for it. */
export function checkAccountPasswordForm(form: PasswordForm): FormCheck<PasswordForm> {
  return checked({ password: form.password }, { password: accountPasswordProblem(form.password) });
}
