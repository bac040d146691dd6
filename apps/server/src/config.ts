import { z } from 'zod';
import { DEFAULT_EMAIL_DOMAIN, DEFAULT_TIME_ZONE } from '@cosa/contracts';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const urlOf = (protocols: string[], what: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a ${what} URL`);

const optionalUrlOf = (protocols: string[], what: string) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), urlOf(protocols, what).optional());

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(65535).default(3000),
  DATABASE_URL: optionalUrlOf(['postgres:', 'postgresql:'], 'postgres://'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  PUBLIC_URL: optionalUrlOf(['http:', 'https:'], 'http(s)://'),
  INSTITUTE_NAME: z.string().trim().min(1).default('Indian Institute of Technology Bhilai'),
  INSTITUTE_SHORT_NAME: z.string().trim().min(1).default('IIT Bhilai'),
  INSTITUTE_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain name such as iitbhilai.ac.in')
    .default(DEFAULT_EMAIL_DOMAIN),
  INSTITUTE_LOGO_URL: optionalString,
  TIME_ZONE: z.string().trim().refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata').default(DEFAULT_TIME_ZONE),
  SMTP_URL: optionalUrlOf(['smtp:', 'smtps:'], 'smtp:// or smtps://'),
  MAIL_FROM: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER_URL: optionalUrlOf(['http:', 'https:'], 'http(s)://').default('https://accounts.google.com'),
  SESSION_IDLE_DAYS: z.coerce.number({ error: 'must be a number' }).positive('must be above 0').default(7),
  RATE_LIMIT_SCALE: z.coerce.number({ error: 'must be a number' }).positive('must be above 0').default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  WEB_DIST_DIR: optionalString,
});

export type Env = z.infer<typeof EnvSchema>;

export type Config = Env & {
  publicUrl: string;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
};

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (got ${JSON.stringify(env[name] ?? '')})`);
  }
  const value = parsed.data;
  const hasId = Boolean(value.GOOGLE_CLIENT_ID);
  const hasSecret = Boolean(value.GOOGLE_CLIENT_SECRET);
  if (hasId !== hasSecret) {
    const missing = hasId ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    throw new ConfigError(`Invalid configuration: ${missing} is required when the other Google setting is set`);
  }
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  return {
    ...value,
    publicUrl,
    mailFrom: value.MAIL_FROM ?? `COSA Portal <no-reply@${value.INSTITUTE_EMAIL_DOMAIN}>`,
    google:
      value.GOOGLE_CLIENT_ID && value.GOOGLE_CLIENT_SECRET
        ? { clientId: value.GOOGLE_CLIENT_ID, clientSecret: value.GOOGLE_CLIENT_SECRET, issuerUrl: value.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com' }
        : null,
  };
}
