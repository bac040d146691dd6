import { sql } from 'drizzle-orm';
import type { PublicConfig } from '@cosa/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

/** True when the database answers a query. */
export async function databaseIsUp(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The settings the web app may know before anyone signs in. */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    instituteName: config.INSTITUTE_NAME,
    instituteShortName: config.INSTITUTE_SHORT_NAME,
    emailDomain: config.INSTITUTE_EMAIL_DOMAIN,
    timeZone: config.TIME_ZONE,
    logoUrl: config.INSTITUTE_LOGO_URL ?? null,
    googleEnabled: config.google !== null,
  };
}
