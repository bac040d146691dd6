import { ERROR_CODES } from '@cosa/contracts';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerAccessControl } from './plugins/access';
import './plugins/context';
import { registerErrorHandling, sendFrameworkError } from './plugins/errors';
import { isApiRoute } from './plugins/api-route';
import { registerInputChecks } from './plugins/input-checks';
import { registerSameOriginCheck } from './plugins/same-origin';
import { registerSessionLookup } from './plugins/session';
import { defaultWebDistDir, registerWebApp } from './plugins/web-app';
import { createMailer, type Mailer } from './lib/mailer';
import { withRedaction } from './lib/log-serializers';
import { serverSecret } from './lib/server-secrets';
import { completeOpenApiDocument } from './lib/openapi-document';
import { authRoutes } from './modules/auth/auth.routes';
import { emailVerificationRoutes } from './modules/auth/email-verification.routes';
import { startSweeping } from './modules/auth/sweep';
import { googleRoutes } from './modules/auth/google.routes';
import { passwordResetRoutes } from './modules/auth/password-reset.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { clubsRoutes } from './modules/clubs/clubs.routes';
import { achievementsRoutes } from './modules/achievements/achievements.routes';
import { councilRoutes } from './modules/council/council.routes';
import { endorsementsRoutes } from './modules/endorsements/endorsements.routes';
import { endorsementDecisionsRoutes } from './modules/endorsements/endorsement-decisions.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { eventRatingsRoutes } from './modules/events/ratings.routes';
import { registrationsRoutes } from './modules/events/registrations.routes';
import { checkInRoutes } from './modules/events/check-in.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { homeRoutes } from './modules/home/home.routes';
import { lookupRoutes } from './modules/lookup/lookup.routes';
import { searchRoutes } from './modules/search/search.routes';
import { myPositionsRoutes } from './modules/positions/my-positions.routes';
import { positionHoldersRoutes } from './modules/positions/position-holders.routes';
import { positionsRoutes } from './modules/positions/positions.routes';
import { councilDirectoryRoutes } from './modules/positions/council-directory.routes';
import { holdingConfirmationsRoutes } from './modules/positions/holding-confirmations.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { skillsRoutes } from './modules/skills/skills.routes';
import { systemRoutes } from './modules/system/system.routes';
import { roomsRoutes } from './modules/rooms/rooms.routes';
import { electionsRoutes } from './modules/elections/elections.routes';
import { budgetsRoutes } from './modules/money/budgets.routes';
import { claimWithdrawalRoutes } from './modules/money/claim-withdrawal.routes';
import { claimsRoutes } from './modules/money/claims.routes';
import { manifestoPdfRoutes } from './modules/elections/manifesto-pdf.routes';
import { presidentRoutes } from './modules/president/president.routes';
import { credentialsRoutes } from './modules/credentials/credentials.routes';
import { credentialStatusRoutes } from './modules/credentials/credential-status.routes';
import { activeSigningKey } from './modules/credentials/signing-keys.service';
import { transcriptsRoutes } from './modules/transcripts/transcripts.routes';
import { rollImportRoutes } from './modules/roll-import/roll-import.routes';
import { adminUnitsRoutes } from './modules/admin-units/admin-units.routes';
import { adminRoomsRoutes } from './modules/admin-rooms/admin-rooms.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { adminSkillsRoutes } from './modules/admin-skills/admin-skills.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes';
import { LiveUpdates } from './modules/notifications/live-updates';
import { startNotificationJobs } from './modules/notifications/notification-jobs';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { queuesRoutes } from './modules/queues/queues.routes';
import { settleQueueNotices } from './modules/queues/queues.service';
import { announcementsRoutes } from './modules/announcements/announcements.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { startReminderJobs } from './modules/calendar/reminder-jobs';
import { startElectionNoticeJobs } from './modules/elections/election-notice-jobs';
import { clubMembershipRoutes } from './modules/club-membership/club-membership.routes';
import { clubPagesRoutes } from './modules/club-pages/club-pages.routes';
import { clubRosterRoutes } from './modules/club-membership/roster.routes';
import { startLapseJobs } from './modules/club-membership/lapse-jobs';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { dataExportRoutes } from './modules/privacy/data-export.routes';
import { erasureRoutes } from './modules/privacy/erasure.routes';
import { startPrivacyJobs } from './modules/privacy/privacy-jobs';
import { pushRoutes } from './modules/push/push.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { startPushJobs } from './modules/push/push-jobs';
import { appManifestRoutes } from './modules/app-manifest/app-manifest.routes';

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The built web app; null serves the API only. */
  webDistDir?: string | null;
  /** Outgoing e-mail; by default SMTP_URL, or the log when it is unset. The app closes it. */
  mailer?: Mailer;
  /** Whether this app runs the queued jobs (notification e-mail, digests, web push); by default everywhere but in tests. */
  jobs?: boolean;
};

export type App = FastifyInstance;

/** Trusts the nearest `hops` proxies, as proxy-addr does for a number. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Builds the Fastify app with every plugin and route, without listening. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: withRedaction(options.logger ?? false),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A request's whole body must arrive within two minutes (5 MB at 45 KB/s): an upload that stalls
    // half-way is ended instead of holding its memory for as long as its sender likes.
    requestTimeout: 120_000,
    frameworkErrors: sendFrameworkError,
    // Only the proxies TRUST_PROXY names may tell the client's address; any client can write X-Forwarded-For.
    trustProxy:
      typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    // Refused below in the API's error shape instead.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const mailer = options.mailer ?? createMailer(config, app.log);
  app.decorate('deps', { config, db: database.db, dbKind: database.kind, mailer });
  app.addHook('onClose', async () => mailer.close());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are about the signed-in user (a profile, a phone number): no cache keeps them,
    // unless the route says otherwise (a photo, whose address changes with its content).
    if (isApiRoute(request) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  // While the process stops (SIGTERM), a request that still arrives on an open connection is
  // refused with Connection: close, so that the client or the load balancer tries another process.
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!stopping) return;
    reply.header('connection', 'close');
    return reply.code(503).send({
      error: {
        code: ERROR_CODES.unavailable,
        message: 'The portal is restarting. Please try again in a moment.',
      },
    });
  });

  app.decorate('registeredRoutes', registerAccessControl(app));
  registerErrorHandling(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The door's ticket scanner runs WebAssembly (zxing-wasm, served from the portal's own assets).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  // Signed cookies (the Google flow's) must read the same in every process: the key lives in the database.
  await app.register(fastifyCookie, { secret: await serverSecret(database.db, 'cookie-signing') });
  // Made now, so that no student's first credential waits for a new key pair.
  await activeSigningKey(database.db);
  registerSameOriginCheck(app, config.publicUrl, {
    acceptLoopback: config.PUBLIC_URL === undefined && config.NODE_ENV !== 'production',
  });
  registerSessionLookup(app);
  registerInputChecks(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'COSA Portal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      completeOpenApiDocument(
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject,
        {
          instituteName: config.INSTITUTE_NAME,
          publicUrl: config.publicUrl,
        },
      ),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(passwordResetRoutes);
  await app.register(googleRoutes);
  await app.register(onboardingRoutes);
  await app.register(homeRoutes);
  await app.register(profileRoutes);
  await app.register(peopleRoutes);
  await app.register(skillsRoutes);
  await app.register(achievementsRoutes);
  await app.register(myPositionsRoutes);
  await app.register(positionsRoutes);
  await app.register(positionHoldersRoutes);
  await app.register(councilDirectoryRoutes);
  await app.register(holdingConfirmationsRoutes);
  await app.register(feedbackRoutes);
  await app.register(lookupRoutes);
  await app.register(searchRoutes);
  await app.register(endorsementsRoutes);
  await app.register(endorsementDecisionsRoutes);
  await app.register(clubsRoutes);
  await app.register(councilRoutes);
  await app.register(eventsRoutes);
  await app.register(eventRatingsRoutes);
  await app.register(calendarRoutes);
  await app.register(registrationsRoutes);
  await app.register(clubMembershipRoutes);
  await app.register(clubPagesRoutes);
  await app.register(clubRosterRoutes);
  await app.register(checkInRoutes);
  await app.register(roomsRoutes);
  await app.register(electionsRoutes);
  await app.register(manifestoPdfRoutes);
  await app.register(budgetsRoutes);
  await app.register(claimsRoutes);
  await app.register(claimWithdrawalRoutes);
  await app.register(presidentRoutes);
  await app.register(credentialsRoutes);
  await app.register(credentialStatusRoutes);
  await app.register(transcriptsRoutes);
  await app.register(rollImportRoutes);
  await app.register(adminUnitsRoutes);
  await app.register(adminRoomsRoutes);
  await app.register(identityRoutes);
  await app.register(adminSkillsRoutes);
  await app.register(auditRoutes);
  await app.register(adminUsersRoutes);
  // The notifications module settles queue notices through the queues module, which it may not import.
  const settle = (userId: string, only?: readonly string[]) =>
    settleQueueNotices(database.db, userId, config.TIME_ZONE, only);
  const live = new LiveUpdates(app, settle);
  await app.register(notificationsRoutes, { live, settle });
  await app.register(queuesRoutes);
  await app.register(announcementsRoutes);
  await app.register(privacyRoutes);
  await app.register(dataExportRoutes);
  await app.register(erasureRoutes);
  await app.register(pushRoutes);
  await app.register(reportsRoutes);

  const webDistDir = options.webDistDir === undefined ? defaultWebDistDir() : options.webDistDir;
  await app.register(appManifestRoutes, { webDistDir });
  await registerWebApp(app, webDistDir, { themeColor: config.THEME_COLOR });
  startSweeping(app);
  await live.start(database.listen);
  const runJobs = options.jobs ?? config.NODE_ENV !== 'test';
  const stopJobs = runJobs ? await startNotificationJobs(app, database) : null;
  const stopReminders = runJobs ? await startReminderJobs(app, database) : null;
  const stopLapses = runJobs ? await startLapseJobs(app, database) : null;
  const stopElectionNotices = runJobs ? await startElectionNoticeJobs(app, database) : null;
  const stopPrivacyJobs = runJobs ? await startPrivacyJobs(app, database) : null;
  const stopPushJobs = runJobs ? await startPushJobs(app, database) : null;
  // Open streams would keep the server from closing; a mail run under way finishes first.
  app.addHook('preClose', async () => {
    await live.stop();
    await stopJobs?.();
    await stopReminders?.();
    await stopLapses?.();
    await stopElectionNotices?.();
    await stopPrivacyJobs?.();
    await stopPushJobs?.();
  });
  await app.ready();
  return app;
}
