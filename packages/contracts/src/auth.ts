import { z } from 'zod';
import {
  DISCIPLINES,
  MIN_ADMISSION_YEAR,
  MOBILE_DIGITS,
  PASSWORD_MIN_LENGTH,
  PROGRAMS,
} from './constants';
import { isPlainLine } from './plain-text';
import {
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  instituteEmailProblem,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  STUDENT_ID_MAX_LENGTH,
} from './auth-messages';
import { SessionUserSchema } from './session';

const email = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailInvalid);

/** The password of an account, as typed to sign in or to prove it is one's own. */
const accountPassword = z
  .string()
  .min(1, AUTH_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);
/** A password being chosen: long enough to be worth having. */
const newPassword = z
  .string()
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

/** A person's name: required, one line, no invisible characters. */
export const personNameSchema = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong)
  .refine(isPlainLine, AUTH_MESSAGES.nameInvalid);

/** The register form and POST /api/auth/register; the domain is the installation's. */
export function registerRequestSchema(domain: string) {
  return z.object({
    name: personNameSchema,
    studentId: z
      .string()
      .trim()
      .min(1, AUTH_MESSAGES.studentIdRequired)
      .max(STUDENT_ID_MAX_LENGTH, AUTH_MESSAGES.studentIdTooLong)
      .regex(/^[0-9]+$/, AUTH_MESSAGES.studentIdDigits),
    email: email.superRefine((value, ctx) => {
      const problem = instituteEmailProblem(value, domain);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    password: newPassword,
  });
}
export type RegisterRequest = z.infer<ReturnType<typeof registerRequestSchema>>;

export const LoginRequestSchema = z.object({
  email,
  password: accountPassword,
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** A signed-in answer: the user and the page to open next. */
export const AuthResponseSchema = z.object({ user: SessionUserSchema, redirectTo: z.string() });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const ForgotPasswordRequestSchema = z.object({
  email: email.pipe(z.email(AUTH_MESSAGES.emailInvalid)),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const ResetPasswordParamsSchema = z.object({
  id: z.string().min(1).max(64),
  token: z.string().min(1).max(200),
});

/**
 * POST /api/auth/verify-email: the token of the link in the verification e-mail, and the account's
 * password when the browser is not signed in to that account (the link proves the mailbox, the
 * password that the one who opened it is the one who registered).
 */
export const VerifyEmailRequestSchema = z.object({
  token: z
    .string()
    .min(1, AUTH_MESSAGES.verificationInvalid)
    .max(200, AUTH_MESSAGES.verificationInvalid),
  password: accountPassword.optional(),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** The answer to a verification: the account's signed-in user (the browser is signed in to it now). */
export const VerifyEmailResponseSchema = z.object({ message: z.string(), user: SessionUserSchema });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

export const ResetPasswordRequestSchema = z.object({
  password: newPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/**
 * A student's optional choices. showProfile: other students see their photo and their public
 * links (GitHub, LinkedIn). listed: they appear in people search, the people pickers and clubs'
 * member directories for other students. Officials and the administrator are not bound by them.
 * showPhone: other onboarded users see their mobile number on their page (never otherwise).
 */
export const PRIVACY_CHOICES = ['showProfile', 'listed', 'showPhone'] as const;

export const PrivacyChoicesInputSchema = z.strictObject({
  showProfile: z.boolean({ error: 'Choose whether other students see your photo and links.' }),
  listed: z.boolean({ error: 'Choose whether you appear in people search and club directories.' }),
  showPhone: z.boolean({ error: 'Choose whether others see your mobile number.' }),
});
export type PrivacyChoicesInput = z.infer<typeof PrivacyChoicesInputSchema>;

/** The onboarding form ('Student Registration') and POST /api/onboarding (spec section 5). */
export function onboardingRequestSchema(now: Date = new Date()) {
  return z.object({
    idNumber: z
      .string()
      .trim()
      .min(1, AUTH_MESSAGES.idNumberRequired)
      .max(20, AUTH_MESSAGES.idNumberDigits)
      .regex(/^[0-9]+$/, AUTH_MESSAGES.idNumberDigits),
    mobile: z
      .string()
      .trim()
      .regex(new RegExp(`^[0-9]{${MOBILE_DIGITS}}$`), AUTH_MESSAGES.mobileInvalid),
    admissionYear: z.coerce
      .number({ error: AUTH_MESSAGES.admissionYearInvalid })
      .int(AUTH_MESSAGES.admissionYearInvalid)
      .min(MIN_ADMISSION_YEAR, AUTH_MESSAGES.admissionYearInvalid)
      .max(now.getFullYear(), AUTH_MESSAGES.admissionYearInvalid),
    program: z.enum(PROGRAMS, { error: AUTH_MESSAGES.programRequired }),
    discipline: z.enum(DISCIPLINES, { error: AUTH_MESSAGES.disciplineRequired }),
    /** The optional privacy choices the form asks for (decision 0041); absent: not chosen yet. */
    privacy: PrivacyChoicesInputSchema.optional(),
  });
}
export type OnboardingRequest = z.infer<ReturnType<typeof onboardingRequestSchema>>;
