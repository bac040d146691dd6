import { eq, sql } from 'drizzle-orm';
import {
  PRIVACY_CHOICES,
  RETENTION,
  type PrivacyChoices,
  type PrivacyChoicesInput,
  type PrivacyNotice,
} from '@cosa/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { privacyChoices } from '../../db/schema/index';

type Executor = Pick<Database, 'execute'>;

/**
 * Until a person chooses, the portal shows them as it did before choices existed (decision 0041):
 * photo, links and listing, never the mobile number.
 */
const UNCHOSEN: PrivacyChoicesInput = { showProfile: true, listed: true, showPhone: false };

/** The settings the privacy notice is written from: the institute, its grievance officer, the retention periods. */
export function privacyNoticeOf(config: Config): PrivacyNotice {
  return {
    instituteName: config.INSTITUTE_NAME,
    instituteShortName: config.INSTITUTE_SHORT_NAME,
    contact: {
      name: config.GRIEVANCE_OFFICER_NAME,
      email: config.GRIEVANCE_OFFICER_EMAIL ?? `privacy@${config.INSTITUTE_EMAIL_DOMAIN}`,
      phone: config.GRIEVANCE_OFFICER_PHONE ?? null,
    },
    retention: { ...RETENTION },
  };
}

/** The person's choices, or the portal's behaviour before any (chosenAt null). */
export async function choicesOf(db: Database, userId: string): Promise<PrivacyChoices> {
  const [row] = await db.select().from(privacyChoices).where(eq(privacyChoices.userId, userId));
  if (!row) return { ...UNCHOSEN, chosenAt: null };
  return {
    showProfile: row.showProfile,
    listed: row.listed,
    showPhone: row.showPhone,
    chosenAt: row.chosenAt.toISOString(),
  };
}

/**
 * Records the person's choices, and each consent given or withdrawn in the history the copy of
 * their data carries (a choice that did not change writes nothing there). Takes effect at once:
 * every read of what others see goes through the row written here.
 */
export async function saveChoices(
  tx: Executor,
  userId: string,
  input: PrivacyChoicesInput,
  source: 'onboarding' | 'settings',
): Promise<void> {
  const changed = PRIVACY_CHOICES.map((choice) => sql`(${choice}::text, ${input[choice]}::boolean)`);
  await tx.execute(sql`
    with earlier as (
      select show_profile, listed, show_phone
      from privacy_choices where user_id = ${userId}::uuid for update
    ),
    saved as (
      insert into privacy_choices (user_id, show_profile, listed, show_phone, chosen_at)
      values (${userId}::uuid, ${input.showProfile}, ${input.listed}, ${input.showPhone}, now())
      on conflict (user_id) do update
        set show_profile = excluded.show_profile, listed = excluded.listed,
            show_phone = excluded.show_phone, chosen_at = now()
      returning user_id
    )
    insert into consent_records (user_id, choice, granted, source)
    select ${userId}::uuid, given.choice, given.granted, ${source}
    from (values ${sql.join(changed, sql`, `)}) as given (choice, granted)
    left join earlier on true
    where earlier is null
       or (given.choice = 'showProfile' and earlier.show_profile is distinct from given.granted)
       or (given.choice = 'listed' and earlier.listed is distinct from given.granted)
       or (given.choice = 'showPhone' and earlier.show_phone is distinct from given.granted)`);
}
