import { z } from 'zod';
import { DISCIPLINES, MIN_ADMISSION_YEAR, MOBILE_DIGITS, PASSWORD_MIN_LENGTH, PROGRAMS } from './constants';
import { isPlainLine } from './common';
import { SessionUserSchema } from './session';
import { wrongDomainMessage } from './texts';

export const AUTH_MESSAGES = {
  nameRequired: 'Name is required.',
  nameInvalid: 'Name must not contain line breaks or control characters.',
  studentIdRequired: 'Student ID is required.',
  studentIdDigits: 'Student ID must contain digits only.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  studentIdTaken: 'An account with this Student ID already exists.',
  googleAccount: 'This email is linked with Google. Please sign in with Google.',
  resetSent: 'Reset link sent successfully!',
  resetFailed: 'Something went wrong.',
  tokenValid: 'Token is valid. Please enter a new password.',
  tokenInvalid: 'This reset link is invalid. Please request a new one.',
  tokenExpired: 'This reset link has expired. Please request a new one.',
  tokenUsed: 'This reset link has already been used. Please request a new one.',
  tokenCheckFailed: 'Error verifying token.',
  tokenCheckDefault: 'Token verification result.',
  resetDone: 'Password reset successful! Navigating to login page...',
  resetError: 'Error resetting password.',
  googleNotConfigured: 'Google sign-in is not configured on this portal.',
  googleDomainOnly: 'Please sign in with your institute Google account.',
  googleUnverified: 'Your Google e-mail address is not verified.',
  googleFailed: 'Google sign-in did not complete. Please try again.',
  accountDeactivated: 'This account has been deactivated. Contact the student affairs office.',
  idNumberRequired: 'ID Number is required',
  idNumberDigits: 'ID Number must contain digits only',
  mobileInvalid: 'Mobile number must be 10 digits',
  admissionYearInvalid: 'Invalid admission year',
  programRequired: 'Program is required',
  disciplineRequired: 'Discipline is required',
  onboardingFailed: 'Registration could not be completed. Please try again.',
  onboardingDone: 'Registration is already complete.',
  verifyHeading: 'Verify your e-mail',
  verificationRequired: 'Please verify your e-mail address first: open the link we sent you.',
  verificationSent: 'We sent a new verification link. Check your inbox.',
  verificationDone: 'Your e-mail address is verified.',
  verificationInvalid: 'This verification link is invalid. Sign in and ask for a new one.',
  verificationExpired: 'This verification link has expired. Sign in and ask for a new one.',
  verificationUsed: 'This verification link has already been used.',
  alreadyVerified: 'Your e-mail address is already verified.',
  verificationPasswordNeeded: 'Enter the password of this account to finish verifying its e-mail address.',
  verificationWrongPassword: 'This is not the password of this account. Try again, or choose a new one with Forgot Password.',
} as const;

const EMAIL_LOCAL_PART = "[A-Za-z0-9._%+'-]+";

/** True when the address is of the institute's domain (case-insensitive). */
export function isInstituteEmail(email: string, domain: string): boolean {
  const escaped = domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${EMAIL_LOCAL_PART}@${escaped}$`, 'i').test(email.trim());
}

const email = z.string().trim().min(1, AUTH_MESSAGES.emailRequired).max(254, AUTH_MESSAGES.emailInvalid);

/** A person's name: required, one line, no invisible characters. */
export const personNameSchema = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(120, 'Name must be at most 120 characters.')
  .refine(isPlainLine, AUTH_MESSAGES.nameInvalid);

/** The register form and POST /api/auth/register; the domain is the installation's. */
export function registerRequestSchema(domain: string) {
  return z.object({
    name: personNameSchema,
    studentId: z
      .string()
      .trim()
      .min(1, AUTH_MESSAGES.studentIdRequired)
      .max(20, 'Student ID must be at most 20 digits.')
      .regex(/^[0-9]+$/, AUTH_MESSAGES.studentIdDigits),
    email: email.refine((value) => isInstituteEmail(value, domain), wrongDomainMessage(domain)),
    password: z.string().min(1, AUTH_MESSAGES.passwordRequired).min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort).max(200, 'Password must be at most 200 characters.'),
  });
}
export type RegisterRequest = z.infer<ReturnType<typeof registerRequestSchema>>;

export const LoginRequestSchema = z.object({
  email,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(200),
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

export const ResetPasswordParamsSchema = z.object({ id: z.string().min(1).max(64), token: z.string().min(1).max(200) });

/**
 * POST /api/auth/verify-email: the token of the link in the verification e-mail, and the account's
 * password when the browser is not signed in to that account (the link proves the mailbox, the
 * password that the one who opened it is the one who registered).
 */
export const VerifyEmailRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(200).optional(),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** The answer to a verification: the account's signed-in user (the browser is signed in to it now). */
export const VerifyEmailResponseSchema = z.object({ message: z.string(), user: SessionUserSchema });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

export const ResetPasswordRequestSchema = z.object({
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort).max(200),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** The onboarding form ('Student Registration') and POST /api/onboarding (spec section 5). */
export function onboardingRequestSchema(now: Date = new Date()) {
  return z.object({
    idNumber: z
      .string()
      .trim()
      .min(1, AUTH_MESSAGES.idNumberRequired)
      .max(20, AUTH_MESSAGES.idNumberDigits)
      .regex(/^[0-9]+$/, AUTH_MESSAGES.idNumberDigits),
    mobile: z.string().trim().regex(new RegExp(`^[0-9]{${MOBILE_DIGITS}}$`), AUTH_MESSAGES.mobileInvalid),
    admissionYear: z.coerce
      .number({ error: AUTH_MESSAGES.admissionYearInvalid })
      .int(AUTH_MESSAGES.admissionYearInvalid)
      .min(MIN_ADMISSION_YEAR, AUTH_MESSAGES.admissionYearInvalid)
      .max(now.getFullYear(), AUTH_MESSAGES.admissionYearInvalid),
    program: z.enum(PROGRAMS, { error: AUTH_MESSAGES.programRequired }),
    discipline: z.enum(DISCIPLINES, { error: AUTH_MESSAGES.disciplineRequired }),
  });
}
export type OnboardingRequest = z.infer<ReturnType<typeof onboardingRequestSchema>>;
