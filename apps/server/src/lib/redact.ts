/**
 * The paths of links that carry a secret, matched on the decoded path whatever its case or
 * repeated slashes (the router and the web app accept such variants too): the captured prefix is
 * kept, the rest of the path is not.
 */
const SECRET_PATHS: RegExp[] = [/^(\/+(?:api\/+auth\/+)?reset-password\/+[^/]*\/+)./i, /^(\/+(?:api\/+auth\/+)?verify-email\/+)(?!resend\/*$)./i];

/** Query parameters that carry secrets: OpenID Connect's code and state, and any token. */
const SECRET_PARAMS = /([?&](?:code|state|token|id_token|access_token)=)[^&#]*/gi;

const REDACTED = '[redacted]';

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A request URL fit for the logs: the tokens of links and of the Google callback replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const readable = decoded(path);
  const secret = SECRET_PATHS.map((pattern) => pattern.exec(readable)).find(Boolean);
  const safePath = secret ? `${secret[1]}${REDACTED}` : path;
  return `${safePath}${query.replace(SECRET_PARAMS, `$1${REDACTED}`)}`;
}
