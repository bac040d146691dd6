import { eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Config } from '../src/config';
import type { Database, DatabaseHandle } from '../src/db/client';
import { JOB_QUEUES, JOB_SCHEMA } from '../src/db/job-queue';
import { pushDeliveries, pushSubscriptions } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { testConfig } from './build-test-app';
import { createStudent } from './factories';
import { pushClientOf } from './push-client';
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
  type StandInDevice,
} from './push-service-stand-in';
import { openTestDatabase } from './test-db';

/**
 * The real app with its job worker running (pg-boss), on a fresh database, sending to the
 * push-service stand-in on loopback, the only push service PUSH_SERVICE_HOSTS lists.
 */
export type PushWorld = {
  app: App;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  service: PushServiceStandIn;
  /** Closes the app (its worker stops) and builds it again on the same database. */
  restart(during?: () => Promise<void>): Promise<void>;
  /** Asks the worker for a run now, as the schedule does every minute. */
  runNow(): Promise<void>;
  /** A signed-in student whose browser subscribed a device of the stand-in. */
  studentWithDevice(): Promise<{
    user: { id: string };
    cookie: string;
    device: StandInDevice;
    deviceId: string;
  }>;
  /** A signed-in person's browser subscribes one more device. */
  addDevice(cookie: string): Promise<{ device: StandInDevice; deviceId: string }>;
  deliveriesOf(deviceId: string): Promise<(typeof pushDeliveries.$inferSelect)[]>;
  subscriptionOf(deviceId: string): Promise<typeof pushSubscriptions.$inferSelect | undefined>;
  /** Waits until `check` holds, or 10 s. */
  until(check: () => Promise<boolean>, timeoutMs?: number): Promise<void>;
};

export function usePushWorld(): PushWorld {
  const world = {} as PushWorld;
  let app: App | undefined;
  const build = () =>
    buildApp({ config: world.config, database: world.database, webDistDir: null, jobs: true });
  beforeAll(async () => {
    world.service = await startPushServiceStandIn();
    world.database = await openTestDatabase();
    world.db = world.database.db;
    world.config = testConfig({ PUSH_SERVICE_HOSTS: world.service.host });
    app = await build();
    world.app = app;
  });
  afterAll(async () => {
    await app?.close();
    await world.database?.close();
    await world.service?.close();
  });

  const push = pushClientOf({
    get app() {
      return world.app;
    },
  });
  world.restart = async (during) => {
    await app?.close();
    app = undefined;
    await during?.();
    app = await build();
    world.app = app;
  };
  world.runNow = async () => {
    await new PgBoss({
      db: world.database.jobDb,
      schema: JOB_SCHEMA,
      backend: world.database.kind,
    }).send(JOB_QUEUES.pushDeliveries.name, {});
  };
  world.addDevice = async (cookie) => {
    const device = world.service.device(await push.publicKey(cookie));
    const made = await push.subscribe(cookie, device.subscription);
    if (made.statusCode !== 200) throw new Error(`subscribing failed: ${made.body}`);
    return { device, deviceId: made.json().id as string };
  };
  world.studentWithDevice = async () => {
    const { user } = await createStudent(world.db);
    const cookie = await signInAs({ db: world.db, config: world.config }, user);
    return { user, cookie, ...(await world.addDevice(cookie)) };
  };
  world.deliveriesOf = (deviceId) =>
    world.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, deviceId));
  world.subscriptionOf = async (deviceId) =>
    (await world.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, deviceId)))[0];
  world.until = async (check, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return world;
}

/** Makes a device's put-off pushes due now, as if their wait were over. */
export async function makeDue(db: Database, deviceId: string): Promise<void> {
  await db.execute(
    sql`update push_deliveries set due_at = now() - interval '1 second' where subscription_id = ${deviceId}::uuid`,
  );
}
