import { PUSH_MESSAGES } from '@cosa/contracts';
import type { PushServiceHost } from '../../config';

/** This machine: the only place a push service may be reached over plain http (a test's stand-in). */
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.[0-9]{1,3}){3}$/.test(hostname);

const DEFAULT_HTTPS_PORT = 443;

function listed(host: PushServiceHost, hostname: string, port: number, explicitPort: boolean): boolean {
  const nameMatches = host.wildcard
    ? hostname.endsWith(`.${host.host}`) && hostname.length > host.host.length + 1
    : hostname === host.host;
  if (!nameMatches) return false;
  return host.port === null ? !explicitPort || port === DEFAULT_HTTPS_PORT : port === host.port;
}

/**
 * Why the server will not post to this push address, or null when it will (decision 0042): only
 * https to the push services PUSH_SERVICE_HOSTS lists, on 443 unless the list names the port;
 * plain http only to a loopback host listed with its port. No credentials in the address. The
 * server thus never calls an address of its own network that a subscription names.
 */
export function pushEndpointRefusal(endpoint: string, hosts: readonly PushServiceHost[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_MESSAGES.endpointNotHttps;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return PUSH_MESSAGES.endpointNotHttps;
  if (url.username || url.password) return PUSH_MESSAGES.endpointNotAllowed;
  const hostname = url.hostname.toLowerCase();
  const explicitPort = url.port !== '';
  const port = explicitPort ? Number(url.port) : url.protocol === 'https:' ? DEFAULT_HTTPS_PORT : 80;
  if (url.protocol === 'http:') {
    const allowed = hosts.some(
      (host) =>
        !host.wildcard &&
        host.port !== null &&
        isLoopback(hostname) &&
        listed(host, hostname, port, explicitPort),
    );
    return allowed ? null : PUSH_MESSAGES.endpointNotHttps;
  }
  return hosts.some((host) => listed(host, hostname, port, explicitPort))
    ? null
    : PUSH_MESSAGES.endpointNotAllowed;
}
