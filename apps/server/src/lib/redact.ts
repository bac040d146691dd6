/**
 * The paths of links that carry a secret (e-mailed links, private calendar feeds), wherever they
 * stand in the (decoded) URL and whatever their case, extra characters or slashes: the rest of
 * such a path is not logged. The resend route is no link.
 */
const SECRET_PATH =
  /((?:verify-email|reset-password|calendar[^?#&]*?feeds)[^/?#&]*\/+)(?!resend(?:[/?#&]|$))[^?#&\s]+/gi;

/**
 * Query parameters that carry secrets (OpenID Connect's code and state, any token) or what people
 * typed into a search (`q`: names, student ids), which the logs have no need of.
 */
const SECRET_PARAM_NAMES = new Set(['code', 'state', 'token', 'id_token', 'access_token', 'q']);
const QUERY_PARAM = /([?&;])([^=&#]*)=([^&#]*)/g;

const REDACTED = '[redacted]';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A request URL fit for the logs: the tokens of links and of the Google callback, and the searched
 * text, replaced. Query
 * names are compared decoded ('%63ode' is 'code'); a URL naming a link path is logged decoded.
 */
export function redactUrl(url: string): string {
  const withParams = url.replace(
    QUERY_PARAM,
    (whole, separator: string, name: string, _value: string) =>
      SECRET_PARAM_NAMES.has(decoded(name).toLowerCase()) ? `${separator}${name}=${REDACTED}` : whole,
  );
  const readable = decoded(withParams).replace(/\\/g, '/');
  SECRET_PATH.lastIndex = 0;
  return SECRET_PATH.test(readable) ? readable.replace(SECRET_PATH, `$1${REDACTED}`) : withParams;
}
