import { sql, type SQL } from 'drizzle-orm';

/**
 * One part of a student's copy of their data: a file of its own (`<name>.csv`) and a key of
 * data.json. `columns` name the fields the query selects, in order, with the CSV's header for
 * each. A `single` section holds one record (the account): data.json has it as an object and its
 * CSV lists it field by field.
 */
export type SectionDefinition = {
  name: string;
  /** What the README says the file holds. */
  about: string;
  columns: readonly (readonly [key: string, header: string])[];
  query: (userId: string) => SQL;
  single?: boolean;
};

const u = (userId: string) => sql`${userId}::uuid`;
/** A person's display name, or null: the names of officials who decided about the student's records. */
const nameOf = (column: string) => sql.raw(`(select x.name from users x where x.id = ${column})`);

/** The account, the profile, the photo, and how the person chose to hear from the portal. */
const account: SectionDefinition = {
  name: 'account',
  about: 'Your account and profile: every personal detail the portal keeps, as it keeps it.',
  single: true,
  columns: [
    ['name', 'Name'],
    ['officialName', "Institute's name for you"],
    ['email', 'E-mail'],
    ['username', 'Username'],
    ['studentId', 'Student ID'],
    ['studentIdSource', 'Student ID came from'],
    ['role', 'Role'],
    ['emailVerifiedAt', 'E-mail proven at'],
    ['onboardingComplete', 'Onboarding complete'],
    ['club', 'Club (coordinator)'],
    ['signsInWithPassword', 'Signs in with a password'],
    ['signsInWithGoogle', 'Signs in with Google'],
    ['importedAt', 'Created from the student roll at'],
    ['deactivatedAt', 'Deactivated at'],
    ['createdAt', 'Registered at'],
    ['updatedAt', 'Account last changed at'],
    ['phone', 'Mobile'],
    ['gender', 'Gender'],
    ['dateOfBirth', 'Date of birth'],
    ['batchYear', 'Batch (admission year)'],
    ['program', 'Program'],
    ['branch', 'Discipline'],
    ['currentYear', 'Year of study'],
    ['cgpa', 'CGPA (stated by you)'],
    ['instituteCgpa', "CGPA (institute's)"],
    ['hostel', 'Hostel'],
    ['roomNumber', 'Room'],
    ['githubUrl', 'GitHub'],
    ['linkedinUrl', 'LinkedIn'],
    ['profileUpdatedAt', 'Profile last changed at'],
    ['photo', 'Photo (file in this archive)'],
    ['notificationDeliveries', 'How each kind of notification reaches you'],
    ['digestHour', 'Daily digest hour'],
    ['calendarFeedSince', 'Private calendar feed address made at'],
  ],
  query: (id) => sql`
    select u.name, u.official_name as "officialName", u.email, u.username, u.student_id as "studentId",
      u.student_id_source as "studentIdSource", u.role, u.email_verified_at as "emailVerifiedAt",
      u.onboarding_complete as "onboardingComplete", club.name as club,
      u.password_hash is not null as "signsInWithPassword", u.google_subject is not null as "signsInWithGoogle",
      u.imported_at as "importedAt", u.deactivated_at as "deactivatedAt", u.created_at as "createdAt",
      u.updated_at as "updatedAt", p.phone, p.gender, p.date_of_birth::text as "dateOfBirth",
      p.batch_year as "batchYear", p.program, p.branch, p.current_year as "currentYear", p.cgpa::text as cgpa,
      p.institute_cgpa::text as "instituteCgpa", p.hostel, p.room_number as "roomNumber",
      p.github_url as "githubUrl", p.linkedin_url as "linkedinUrl", p.updated_at as "profileUpdatedAt",
      case when ph.id is not null then 'files/photo.jpg' end as photo,
      ns.deliveries as "notificationDeliveries", ns.digest_hour as "digestHour",
      cf.created_at as "calendarFeedSince"
    from users u
    left join student_profiles p on p.user_id = u.id
    left join org_units club on club.id = u.club_unit_id
    left join user_photos ph on ph.user_id = u.id
    left join notification_settings ns on ns.user_id = u.id
    left join calendar_feeds cf on cf.user_id = u.id
    where u.id = ${u(id)}`,
};

const privacyChoices: SectionDefinition = {
  name: 'privacy-choices',
  about:
    'Your privacy choices as they stand (none: you have not chosen, and the portal shows your photo and lists you, without your mobile number).',
  columns: [
    ['showProfile', 'Other students see your photo and links'],
    ['listed', 'You appear in people search and club directories'],
    ['showPhone', 'Your mobile number shows on your page'],
    ['chosenAt', 'Chosen at'],
  ],
  query: (id) => sql`
    select show_profile as "showProfile", listed, show_phone as "showPhone", chosen_at as "chosenAt"
    from privacy_choices where user_id = ${u(id)}`,
};

const consentHistory: SectionDefinition = {
  name: 'consent-history',
  about: 'Every consent you gave or withdrew, oldest first, and where you made the choice.',
  columns: [
    ['at', 'At'],
    ['choice', 'Choice'],
    ['granted', 'Granted'],
    ['source', 'Made in'],
  ],
  query: (id) => sql`
    select created_at as at, choice, granted, source
    from consent_records where user_id = ${u(id)} order by created_at, id`,
};

const skills: SectionDefinition = {
  name: 'skills',
  about: 'The skills on your record, with their endorsement or decline.',
  columns: [
    ['skill', 'Skill'],
    ['category', 'Category'],
    ['type', 'Type'],
    ['proficiency', 'Proficiency'],
    ['position', 'Earned in position'],
    ['endorsed', 'Endorsed'],
    ['endorsedBy', 'Endorsed by'],
    ['endorsedAt', 'Endorsed at'],
    ['declinedAt', 'Declined at'],
    ['declineReason', 'Reason for the decline'],
    ['addedAt', 'Added at'],
  ],
  query: (id) => sql`
    select s.name as skill, s.category, s.type, us.proficiency_level as proficiency, pos.title as position,
      us.is_endorsed as endorsed, ${nameOf('us.endorsed_by')} as "endorsedBy", us.endorsed_at as "endorsedAt",
      us.declined_at as "declinedAt", us.decline_reason as "declineReason", us.created_at as "addedAt"
    from user_skills us join skills s on s.id = us.skill_id
    left join positions pos on pos.id = us.position_id
    where us.user_id = ${u(id)} order by us.created_at, us.id`,
};

const achievements: SectionDefinition = {
  name: 'achievements',
  about:
    'Your achievements and their certificates (the link you gave; the portal keeps no certificate file).',
  columns: [
    ['code', 'Achievement ID'],
    ['title', 'Title'],
    ['description', 'Description'],
    ['category', 'Category'],
    ['type', 'Type'],
    ['level', 'Level'],
    ['event', 'Event'],
    ['dateAchieved', 'Date achieved'],
    ['position', 'Position'],
    ['certificateUrl', 'Certificate link'],
    ['verified', 'Verified'],
    ['verifiedBy', 'Verified by'],
    ['verifiedAt', 'Verified at'],
    ['declinedAt', 'Declined at'],
    ['declineReason', 'Reason for the decline'],
    ['addedAt', 'Added at'],
    ['updatedAt', 'Last changed at'],
  ],
  query: (id) => sql`
    select a.achievement_code as code, a.title, a.description, a.category, a.type, a.level, e.title as event,
      a.date_achieved::text as "dateAchieved", a.position, a.certificate_url as "certificateUrl",
      a.verified, ${nameOf('a.verified_by')} as "verifiedBy", a.verified_at as "verifiedAt",
      a.declined_at as "declinedAt", a.decline_reason as "declineReason", a.created_at as "addedAt",
      a.updated_at as "updatedAt"
    from achievements a left join events e on e.id = a.event_id
    where a.user_id = ${u(id)} order by a.created_at, a.id`,
};

const positions: SectionDefinition = {
  name: 'positions',
  about: 'Positions you held or declared, with how each was verified.',
  columns: [
    ['code', 'POR ID'],
    ['position', 'Position'],
    ['unit', 'Unit'],
    ['tenure', 'Tenure'],
    ['status', 'Status'],
    ['verification', 'Verification'],
    ['appointedBy', 'Appointed by'],
    ['appointmentDate', 'Appointment date'],
    ['eventsOrganized', 'Events organised'],
    ['budgetUtilized', 'Budget used (₹)'],
    ['feedback', 'Feedback'],
    ['verifiedAt', 'Verified at'],
    ['declinedAt', 'Declined at'],
    ['declineReason', 'Reason for the decline'],
    ['addedAt', 'Added at'],
  ],
  query: (id) => sql`
    select h.por_code as code, p.title as position, ou.name as unit, h.tenure_year as tenure, h.status,
      h.verification, ${nameOf('h.appointed_by')} as "appointedBy", h.appointment_date::text as "appointmentDate",
      h.events_organized as "eventsOrganized", h.budget_utilized::text as "budgetUtilized", h.feedback,
      h.verified_at as "verifiedAt", h.declined_at as "declinedAt", h.decline_reason as "declineReason",
      h.created_at as "addedAt"
    from position_holders h join positions p on p.id = h.position_id
    left join org_units ou on ou.id = p.unit_id
    where h.user_id = ${u(id)} order by h.created_at, h.id`,
};

const submissionHistory: SectionDefinition = {
  name: 'submission-history',
  about: 'Earlier declines and resends of your achievements and declared positions.',
  columns: [
    ['at', 'At'],
    ['item', 'Item'],
    ['event', 'What happened'],
    ['reason', 'Reason'],
  ],
  query: (id) => sql`
    select sh.at, coalesce(a.title, p.title) as item, sh.event, sh.reason
    from submission_history sh
    left join achievements a on a.id = sh.achievement_id
    left join position_holders h on h.id = sh.holding_id
    left join positions p on p.id = h.position_id
    where a.user_id = ${u(id)} or h.user_id = ${u(id)} order by sh.at, sh.id`,
};

/** Feedback the person gave, anonymous or not: the portal keeps its author so that they can list it. */
const feedbackGiven: SectionDefinition = {
  name: 'feedback-given',
  about:
    'Feedback you gave, including the feedback you sent anonymously (nobody else is ever shown that it was you).',
  columns: [
    ['at', 'Given at'],
    ['type', 'Type'],
    ['about', 'About'],
    ['target', 'Target'],
    ['rating', 'Rating'],
    ['comments', 'Comments'],
    ['anonymous', 'Anonymous'],
    ['resolved', 'Resolved'],
    ['actionsTaken', 'Actions taken'],
    ['resolvedAt', 'Resolved at'],
  ],
  query: (id) => sql`
    select f.created_at as at, f.type, f.target_type as about,
      coalesce(tu.name, te.title, tou.name, tp.title) as target, f.rating, f.comments,
      f.is_anonymous as anonymous, f.is_resolved as resolved, f.actions_taken as "actionsTaken",
      f.resolved_at as "resolvedAt"
    from feedback f
    left join users tu on tu.id = f.target_user_id
    left join events te on te.id = f.target_event_id
    left join org_units tou on tou.id = f.target_unit_id
    left join positions tp on tp.id = f.target_position_id
    where f.author_id = ${u(id)} order by f.created_at, f.id`,
};

export const RECORD_SECTIONS: readonly SectionDefinition[] = [
  account,
  privacyChoices,
  consentHistory,
  skills,
  achievements,
  positions,
  submissionHistory,
  feedbackGiven,
];
