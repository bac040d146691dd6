import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  registerRequestSchema,
  ResetPasswordRequestSchema,
  VerifyEmailRequestSchema,
} from './auth';
import {
  checkAccountPasswordForm,
  checkForgotPasswordForm,
  checkLoginForm,
  checkNewPasswordForm,
  checkRegisterForm,
} from './auth-forms';

/**
 * The sign-in pages check their forms without zod; the API checks the same requests with its
 * schemas. Each case below is typed by hand with the message a person must see, and both must
 * give exactly it: a form that lets through what the API refuses, or the other way round, fails here.
 */

const DOMAIN = 'iitbhilai.ac.in';

/** The first message of each refused field, as the form shows it (react-hook-form shows the first). */
function schemaMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

const LONG_PASSWORD = 'p'.repeat(201);
const valid = {
  name: 'Asha Verma',
  studentId: '12340099',
  email: 'asha.verma@iitbhilai.ac.in',
  password: 'correct horse',
};

describe('the sign-in forms check what the API checks, with its messages', () => {
  it('login', () => {
    const cases: [{ email: string; password: string }, Record<string, string>][] = [
      [{ email: 'asha.verma@iitbhilai.ac.in', password: 'x' }, {}],
      [
        { email: '   ', password: '' },
        { email: 'Email is required.', password: 'Password is required.' },
      ],
      [
        { email: `${'a'.repeat(250)}@x.in`, password: LONG_PASSWORD },
        {
          email: 'Please enter a valid email address.',
          password: 'Password must be at most 200 characters.',
        },
      ],
    ];
    for (const [input, expected] of cases) {
      expect(checkLoginForm(input).errors, JSON.stringify(input)).toEqual(expected);
      expect(schemaMessages(LoginRequestSchema, input), JSON.stringify(input)).toEqual(expected);
    }
    expect(checkLoginForm({ email: '  asha.verma@iitbhilai.ac.in ', password: ' x ' }).values).toEqual({
      email: 'asha.verma@iitbhilai.ac.in',
      password: ' x ',
    });
  });

  it('registration', () => {
    const cases: [typeof valid, Record<string, string>][] = [
      [valid, {}],
      [
        { name: ' ', studentId: '', email: '', password: '' },
        {
          name: 'Name is required.',
          studentId: 'Student ID is required.',
          email: 'Email is required.',
          password: 'Password is required.',
        },
      ],
      [
        { name: 'Asha\u200bVerma', studentId: '12a4', email: 'asha@gmail.com', password: 'short' },
        {
          name: 'Name must not contain line breaks or control characters.',
          studentId: 'Student ID must contain digits only.',
          email: 'Please use an @iitbhilai.ac.in email address.',
          password: 'Password must be at least 8 characters.',
        },
      ],
      [
        {
          name: 'A'.repeat(121),
          studentId: '1'.repeat(21),
          email: 'asha@IITBHILAI.AC.IN',
          password: LONG_PASSWORD,
        },
        {
          name: 'Name must be at most 120 characters.',
          studentId: 'Student ID must be at most 20 digits.',
          password: 'Password must be at most 200 characters.',
        },
      ],
    ];
    // The institute's domain, but no address a mail server delivers to: it could never be verified or reset.
    for (const email of ['a..b@iitbhilai.ac.in', '.asha@iitbhilai.ac.in', 'asha.@iitbhilai.ac.in'])
      cases.push([{ ...valid, email }, { email: 'Please enter a valid email address.' }]);
    for (const [input, expected] of cases) {
      expect(checkRegisterForm(input, DOMAIN).errors, JSON.stringify(input)).toEqual(expected);
      expect(schemaMessages(registerRequestSchema(DOMAIN), input), JSON.stringify(input)).toEqual(
        expected,
      );
    }
    expect(
      checkRegisterForm({ ...valid, name: ' Asha Verma ', studentId: ' 12340099 ' }, DOMAIN).values,
    ).toEqual(valid);
  });

  it('forgotten password', () => {
    const cases: [{ email: string }, Record<string, string>][] = [
      [{ email: 'asha.verma@iitbhilai.ac.in' }, {}],
      [{ email: 'asha@gmail.com' }, {}],
      [{ email: '' }, { email: 'Email is required.' }],
      [{ email: 'asha.verma' }, { email: 'Please enter a valid email address.' }],
      [{ email: 'asha @iitbhilai.ac.in' }, { email: 'Please enter a valid email address.' }],
      [{ email: 'asha@localhost' }, { email: 'Please enter a valid email address.' }],
    ];
    for (const [input, expected] of cases) {
      expect(checkForgotPasswordForm(input).errors, input.email).toEqual(expected);
      expect(schemaMessages(ForgotPasswordRequestSchema, input), input.email).toEqual(expected);
    }
  });

  it('a new password, and the password of an account', () => {
    const cases: [string, Record<string, string>, Record<string, string>][] = [
      ['correct horse', {}, {}],
      ['', { password: 'Password is required.' }, { password: 'Password is required.' }],
      ['short', { password: 'Password must be at least 8 characters.' }, {}],
      [
        LONG_PASSWORD,
        { password: 'Password must be at most 200 characters.' },
        { password: 'Password must be at most 200 characters.' },
      ],
    ];
    for (const [password, forNew, forAccount] of cases) {
      expect(checkNewPasswordForm({ password }).errors, password).toEqual(forNew);
      expect(schemaMessages(ResetPasswordRequestSchema, { password }), password).toEqual(forNew);
      expect(checkAccountPasswordForm({ password }).errors, password).toEqual(forAccount);
      expect(schemaMessages(VerifyEmailRequestSchema, { token: 'token', password }), password).toEqual(
        forAccount,
      );
    }
  });
});
