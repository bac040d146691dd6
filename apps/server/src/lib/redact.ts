/** Path segments that are secrets: the token of a reset link and of a verification link, in page and API paths. */
const SECRET_PATHS: RegExp[] = [
  /^((?:\/api\/auth)?\/reset-password\/[^/?#]+\/)[^/?#]+/,
  /^((?:\/api\/auth)?\/verify-email\/)(?!resend(?:[/?#]|$))[^/?#]+/,
];

/** Query parameters that carry secrets: OpenID Connect's code and state, and any token. */
const SECRET_PARAMS = /([?&](?:code|state|token|id_token|access_token)=)[^&#]*/gi;

const REDACTED = '[redacted]';

/** A request URL fit for the logs: the tokens of links and of the Google callback replaced. */
export function redactUrl(url: string): string {
  let redacted = url;
  for (const pattern of SECRET_PATHS) redacted = redacted.replace(pattern, `$1${REDACTED}`);
  return redacted.replace(SECRET_PARAMS, `$1${REDACTED}`);
}
