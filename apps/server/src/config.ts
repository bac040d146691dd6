import { isIP } from 'node:net';
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
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    urlOf(protocols, what).optional(),
  );

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  // A range wider than /8 (IPv4) or /16 (IPv6) is no proxy's: it would trust nearly any client.
  // An IPv4-mapped IPv6 range (::ffff:0:0/96) stands for IPv4 clients: /8 of IPv4 is /104 there.
  const mapped = family === 6 && /^(0{0,4}:){0,5}:?ffff:/i.test(address);
  const [min, max] = family === 4 ? [8, 32] : mapped ? [104, 128] : [16, 128];
  return /^[0-9]{1,3}$/.test(bits) && Number(bits) >= min && Number(bits) <= max;
}

const MAX_PROXY_HOPS = 10;

/**
 * Which proxies may name the client's address in X-Forwarded-For: off by default, a number of
 * hops, or a list of proxy addresses and ranges. Trusting every proxy would let any client
 * choose its own address, so 'true' is refused.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((value, context): false | number | string[] => {
    const lowered = value.toLowerCase();
    if (lowered === '' || lowered === 'false' || lowered === 'off' || lowered === '0') return false;
    const list = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const hops = /^[0-9]+$/.test(value) ? Number(value) : null;
    if (
      hops !== null
        ? hops > MAX_PROXY_HOPS
        : lowered === 'true' || list.length === 0 || !list.every(isProxyAddress)
    ) {
      context.addIssue({
        code: 'custom',
        message: `must be a number of proxy hops from 1 to ${MAX_PROXY_HOPS} or a comma-separated list of proxy addresses and ranges no wider than /8 (e.g. 127.0.0.1,10.0.0.0/8)`,
      });
      return z.NEVER;
    }
    return hops ?? list;
  });

/** One push service the server may send to: a host (or every subdomain of `*.domain`), on 443 or the port given. */
export type PushServiceHost = { host: string; wildcard: boolean; port: number | null };

/** The push services of the browsers: Chrome, Edge on Android, Samsung, Opera (FCM); Firefox; Safari; Edge on Windows. */
const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com';

const PUSH_HOST_PATTERN =
  /^(\*\.)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::([0-9]{1,5}))?$/;

/**
 * The push services the server sends to (decision 0042): no other address is ever posted to, so a
 * subscription cannot make the server call into its own network. A comma-separated list of hosts,
 * `*.domain` for every subdomain, `host:port` for another port than 443.
 */
const PushServiceHostsSchema = z
  .string()
  .trim()
  .default(DEFAULT_PUSH_SERVICE_HOSTS)
  .transform((value, context): PushServiceHost[] => {
    const entries = (value === '' ? DEFAULT_PUSH_SERVICE_HOSTS : value)
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean);
    const hosts: PushServiceHost[] = [];
    for (const entry of entries) {
      const match = PUSH_HOST_PATTERN.exec(entry);
      const port = match?.[3] === undefined ? null : Number(match[3]);
      if (
        !match ||
        (port !== null && (port < 1 || port > 65535)) ||
        (match[1] && match[2]!.startsWith('['))
      ) {
        context.addIssue({
          code: 'custom',
          message: `must be a comma-separated list of host names, *.domain or host:port (got ${JSON.stringify(entry)})`,
        });
        return z.NEVER;
      }
      hosts.push({ host: match[2]!, wildcard: Boolean(match[1]), port });
    }
    return hosts;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: every interface in production, only this machine (localhost) otherwise. */
  HOST: optionalString,
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0)
    .max(65535)
    .default(3000),
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
  /** The colour of the installed app's title bar and icons (the manifest's theme_color), as #rrggbb. */
  THEME_COLOR: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb, such as #3730a3')
    .transform((value) => value.toLowerCase())
    .default('#3730a3'),
  /** The grievance officer the privacy notice names (decision 0041); by default the institute's data protection desk. */
  GRIEVANCE_OFFICER_NAME: z
    .string()
    .trim()
    .min(1)
    .default('Grievance Officer, Office of Student Affairs'),
  /** Their address; by default privacy@ the institute's e-mail domain. */
  GRIEVANCE_OFFICER_EMAIL: optionalString.pipe(
    z.string().email('must be an e-mail address such as privacy@iitbhilai.ac.in').optional(),
  ),
  GRIEVANCE_OFFICER_PHONE: optionalString,
  TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata')
    .default(DEFAULT_TIME_ZONE),
  SMTP_URL: optionalUrlOf(['smtp:', 'smtps:'], 'smtp:// or smtps://'),
  MAIL_FROM: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER_URL: optionalUrlOf(['http:', 'https:'], 'http(s)://').default(
    'https://accounts.google.com',
  ),
  SESSION_IDLE_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be above 0')
    .default(7),
  SESSION_MAX_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be above 0')
    .default(30),
  TRUST_PROXY: TrustProxySchema,
  RATE_LIMIT_SCALE: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be above 0')
    .default(1),
  PEOPLE_PER_ADDRESS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(1_000_000, 'must be 1000000 or less')
    .default(600),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(300, 'must be 300 or less')
    .default(10),
  /** How long drawing one transcript PDF may take before its worker is stopped and the request answered 503. */
  TRANSCRIPT_PDF_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be above 0')
    .max(600, 'must be 600 or less')
    .default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUSH_SERVICE_HOSTS: PushServiceHostsSchema,
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  WEB_DIST_DIR: optionalString,
});

type Env = z.infer<typeof EnvSchema>;

export type Config = Omit<Env, 'HOST'> & {
  HOST: string;
  publicUrl: string;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
};

export class ConfigError extends Error {}

/** Variables that may carry credentials: an error names them but never shows their value. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_CLIENT_ID',
  'REDIS_URL',
]);

/** Parses the environment; throws ConfigError with one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const shown = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(env[name] ?? '')})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const value = parsed.data;
  const hasId = Boolean(value.GOOGLE_CLIENT_ID);
  const hasSecret = Boolean(value.GOOGLE_CLIENT_SECRET);
  if (value.SESSION_MAX_DAYS < value.SESSION_IDLE_DAYS) {
    throw new ConfigError('Invalid configuration: SESSION_MAX_DAYS must be at least SESSION_IDLE_DAYS');
  }
  if (hasId !== hasSecret) {
    const missing = hasId ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    throw new ConfigError(
      `Invalid configuration: ${missing} is required when the other Google setting is set`,
    );
  }
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  return {
    ...value,
    HOST: value.HOST ?? (value.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
    publicUrl,
    mailFrom: value.MAIL_FROM ?? `COSA Portal <no-reply@${value.INSTITUTE_EMAIL_DOMAIN}>`,
    google:
      value.GOOGLE_CLIENT_ID && value.GOOGLE_CLIENT_SECRET
        ? {
            clientId: value.GOOGLE_CLIENT_ID,
            clientSecret: value.GOOGLE_CLIENT_SECRET,
            issuerUrl: value.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com',
          }
        : null,
  };
}

/** Warnings to show loudly at start: settings that work but are wrong for real use. */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    warnings.push(
      'SMTP_URL is not set: no e-mail leaves this portal. Verification and password reset links reach nobody, so new users cannot verify their address and nobody can reset a password. Set SMTP_URL.',
    );
  }
  if (config.NODE_ENV === 'production' && !config.publicUrl.startsWith('https:')) {
    warnings.push(
      'PUBLIC_URL is not https: session cookies travel unencrypted. Serve the portal over HTTPS and set PUBLIC_URL to its https:// address.',
    );
  }
  return warnings;
}
