import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { landingRouteFor } from '@cosa/contracts';
import { signIn } from './session-cookies';
import {
  GoogleSignInRefused,
  accountForGoogleIdentity,
  finishGoogleSignIn,
  startGoogleSignIn,
  type GoogleFlow,
  type GoogleRefusal,
} from './google.service';

const FLOW_COOKIE = 'cosa_google_flow';
const FLOW_PATH = '/api/auth/google';
const FLOW_MAX_AGE_SECONDS = 10 * 60;
const UNAVAILABLE_PAGE = '/google-unavailable';

const FlowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(43),
});

function encodeFlow(flow: GoogleFlow): string {
  return Buffer.from(JSON.stringify(flow)).toString('base64url');
}

/** The flow of a signed cookie; null when it is missing, altered or not a flow. */
function decodeFlow(request: FastifyRequest, signed: string | undefined): GoogleFlow | null {
  if (!signed) return null;
  const unsigned = request.unsignCookie(signed);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const parsed = FlowSchema.safeParse(
      JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const loginWithError = (reason: GoogleRefusal) => `/login?error=${reason}`;

/** Google sign-in (OpenID Connect with PKCE, state and nonce). */
export async function googleRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const redirectUri = `${config.publicUrl}/api/auth/google/callback`;
  const flowCookie = {
    path: FLOW_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
  };

  const redirect = (reply: FastifyReply, location: string) =>
    reply.header('cache-control', 'no-store').redirect(location, 302);

  api.get(
    '/api/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start Google sign-in',
        description: `Redirects to Google; to ${UNAVAILABLE_PAGE} when Google sign-in is not configured, to /login?error=google_failed when Google cannot be reached.`,
      },
    },
    async (request, reply) => {
      if (!config.google) return redirect(reply, UNAVAILABLE_PAGE);
      try {
        const { url, flow } = await startGoogleSignIn(
          config.google,
          redirectUri,
          config.INSTITUTE_EMAIL_DOMAIN,
        );
        // Signed, so that a flow this server did not start is refused before anything is sent to the provider.
        reply.setCookie(FLOW_COOKIE, encodeFlow(flow), {
          ...flowCookie,
          signed: true,
          maxAge: FLOW_MAX_AGE_SECONDS,
        });
        return redirect(reply, url);
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in could not start');
        return redirect(reply, loginWithError('google_failed'));
      }
    },
  );

  async function finish(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const google = config.google;
    if (!google) return UNAVAILABLE_PAGE;
    const flow = decodeFlow(request, request.cookies[FLOW_COOKIE]);
    reply.clearCookie(FLOW_COOKIE, flowCookie);
    if (!flow) {
      request.log.warn('Google sign-in callback without its flow cookie');
      return loginWithError('google_failed');
    }
    try {
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = request.url.split('?')[1] ?? '';
      const identity = await finishGoogleSignIn(google, callbackUrl, flow);
      const user = await accountForGoogleIdentity(app.deps.db, identity, config.INSTITUTE_EMAIL_DOMAIN);
      await signIn(app, request, reply, user.id);
      return landingRouteFor(user);
    } catch (error) {
      const reason = error instanceof GoogleSignInRefused ? error.reason : 'google_failed';
      request.log.warn({ err: error, reason }, 'Google sign-in refused');
      return loginWithError(reason);
    }
  }

  api.get(
    '/api/auth/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Google redirects here after sign-in',
        description:
          'Signs in and redirects to the landing page; refusals redirect to /login?error=google_unverified, google_domain, google_failed or account_deactivated.',
      },
    },
    async (request, reply) => redirect(reply, await finish(request, reply)),
  );
}
