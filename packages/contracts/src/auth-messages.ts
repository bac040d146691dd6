import { PASSWORD_MIN_LENGTH } from './constants';
import { wrongDomainMessage } from './texts';

// The account pages' messages and the institute-address check, without zod: the sign-in pages
// load them and no schema library.

export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 120;
export const STUDENT_ID_MAX_LENGTH = 20;
/** The longest e-mail address there can be (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

export const AUTH_MESSAGES = {
  nameRequired: 'Name is required.',
  nameInvalid: 'Name must not contain line breaks or control characters.',
  studentIdRequired: 'Student ID is required.',
  studentIdDigits: 'Student ID must contain digits only.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
  studentIdTooLong: `Student ID must be at most ${STUDENT_ID_MAX_LENGTH} digits.`,
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
  onboardingLoadFailed: 'Your registration could not be loaded. Please try again.',
  onboardingDone: 'Registration is already complete.',
  verifyHeading: 'Verify your e-mail',
  verificationRequired: 'Please verify your e-mail address first: open the link we sent you.',
  verificationSent: 'We sent a new verification link. Check your inbox.',
  verificationDone: 'Your e-mail address is verified.',
  verificationInvalid: 'This verification link is invalid. Sign in and ask for a new one.',
  verificationExpired: 'This verification link has expired. Sign in and ask for a new one.',
  verificationUsed: 'This verification link has already been used.',
  alreadyVerified: 'Your e-mail address is already verified.',
  verificationPasswordNeeded:
    'Enter the password of this account to finish verifying its e-mail address.',
  verificationWrongPassword:
    'This is not the password of this account. Try again, or choose a new one with Forgot Password.',
} as const;

/** The part before the @: letters, digits and . _ % + ' -, never starting or ending with a dot or holding two in a row. */
const EMAIL_LOCAL_PART = "(?!\\.)(?!.*\\.\\.)[A-Za-z0-9._%+'-]+(?<!\\.)";

const escaped = (domain: string) => domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when the address is of the institute's domain (case-insensitive) and can be delivered to. */
export function isInstituteEmail(email: string, domain: string): boolean {
  return new RegExp(`^${EMAIL_LOCAL_PART}@${escaped(domain)}$`, 'i').test(email.trim());
}

/**
 * Why an address cannot register: not of the institute's domain, or of it but malformed
 * (a..b@, .a@); undefined when it can.
 */
export function instituteEmailProblem(email: string, domain: string): string | undefined {
  if (isInstituteEmail(email, domain)) return undefined;
  return new RegExp(`@${escaped(domain)}$`, 'i').test(email.trim())
    ? AUTH_MESSAGES.emailInvalid
    : wrongDomainMessage(domain);
}
