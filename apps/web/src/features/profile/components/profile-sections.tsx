import type { ReactNode } from 'react';
import { get, type Path, type UseFormReturn } from 'react-hook-form';
import {
  CGPA_MAX,
  CGPA_MIN,
  CURRENT_YEARS,
  GENDERS,
  HOSTELS,
  isHttpUrl,
  MOBILE_DIGITS,
  type Profile,
  type ProfileUpdate,
} from '@cosa/contracts';
import { Card } from '../../../components/ui/card';
import { optionsOf, SelectField } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { digitsOnly } from '../../../lib/digits-only';
import { formatDate } from '../../../lib/format';
import type { ProfileDraft } from '../profile-draft';

type Form = UseFormReturn<ProfileDraft, unknown, ProfileUpdate>;
type SectionProps = { profile: Profile; form: Form; editing: boolean };

const NOT_PROVIDED = 'Not provided';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** The saved values as label and value pairs. */
function Facts({ rows }: { rows: readonly [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm font-medium text-ink-muted">{label}</dt>
          <dd className="text-base break-words text-ink">
            {value === null || value === '' ? NOT_PROVIDED : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const fieldGrid = 'grid gap-4 sm:grid-cols-2';

function errorOf(form: Form, name: Path<ProfileDraft>): string | undefined {
  return (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
}

/** A calendar date 'YYYY-MM-DD' as dd MMM yyyy; read in UTC so the day never shifts. */
const dayOf = (value: string | null) => (value ? formatDate(value) : null);

export function BasicSection({ profile, form, editing }: SectionProps) {
  const { personal } = profile;
  return (
    <Section id="profile-basic" title="Basic Information">
      {editing ? (
        <div className={fieldGrid}>
          <TextField
            label="Name"
            autoComplete="name"
            required
            error={errorOf(form, 'personal.name')}
            {...form.register('personal.name')}
          />
          <TextField
            label="Email"
            type="email"
            value={personal.email}
            readOnly
            autoComplete="email"
            hint="Your sign-in address cannot be changed here."
          />
          <SelectField
            label="Gender"
            placeholder="Not specified"
            options={optionsOf(GENDERS)}
            error={errorOf(form, 'personal.gender')}
            {...form.register('personal.gender')}
          />
          <TextField
            label="Date of Birth"
            type="date"
            max={new Date().toISOString().slice(0, 10)}
            autoComplete="bday"
            error={errorOf(form, 'personal.dateOfBirth')}
            {...form.register('personal.dateOfBirth')}
          />
        </div>
      ) : (
        <Facts
          rows={[
            ['Name', personal.name],
            ['Email', personal.email],
            ['Gender', personal.gender],
            ['Date of Birth', dayOf(personal.dateOfBirth)],
          ]}
        />
      )}
    </Section>
  );
}

/** The current year and CGPA of this section are the student's word (decision 0015). */
const OWN_STATEMENT =
  'Your current year and CGPA here are your own statement. Position requirements check the institute’s record instead: see “Kept by the institute”.';

/** Shown only when the profile has academic information (officials have none). */
export function AcademicSection({ profile, form, editing }: SectionProps) {
  const { academic } = profile;
  if (!academic) return null;
  return (
    <Section id="profile-academic" title="Academic Information">
      {editing ? (
        <div className={fieldGrid}>
          {/* Kept by the institute (decision 0015): shown, not edited; see "Kept by the institute" below. */}
          <Facts
            rows={[
              ['Admission Year', academic.batchYear],
              ['Program', academic.program],
              ['Branch', academic.branch],
            ]}
          />
          <SelectField
            label="Current Year"
            placeholder="Not specified"
            options={optionsOf(CURRENT_YEARS)}
            error={errorOf(form, 'academic.currentYear')}
            {...form.register('academic.currentYear')}
          />
          <TextField
            label="CGPA"
            type="number"
            inputMode="decimal"
            min={CGPA_MIN}
            max={CGPA_MAX}
            step={0.01}
            hint={OWN_STATEMENT}
            error={errorOf(form, 'academic.cgpa')}
            {...form.register('academic.cgpa')}
          />
        </div>
      ) : (
        <>
          <Facts
            rows={[
              ['Admission Year', academic.batchYear],
              ['Program', academic.program],
              ['Branch', academic.branch],
              ['Current Year', academic.currentYear],
              ['CGPA', academic.cgpa],
            ]}
          />
          <p className="mt-3 text-sm text-ink-muted">{OWN_STATEMENT}</p>
        </>
      )}
    </Section>
  );
}

export function ContactSection({ profile, form, editing }: SectionProps) {
  return (
    <Section id="profile-contact" title="Contact Information">
      {editing ? (
        <div className={fieldGrid}>
          <TextField
            label="Phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={MOBILE_DIGITS}
            hint={`${MOBILE_DIGITS} digits, without the country code.`}
            error={errorOf(form, 'personal.phone')}
            {...digitsOnly(form.register('personal.phone'))}
          />
          <SelectField
            label="Hostel"
            placeholder="Not specified"
            options={optionsOf(HOSTELS)}
            error={errorOf(form, 'contact.hostel')}
            {...form.register('contact.hostel')}
          />
          <TextField
            label="Room Number"
            maxLength={20}
            autoComplete="off"
            error={errorOf(form, 'contact.roomNumber')}
            {...form.register('contact.roomNumber')}
          />
        </div>
      ) : (
        <Facts
          rows={[
            ['Phone', profile.personal.phone],
            ['Hostel', profile.contact.hostel],
            ['Room Number', profile.contact.roomNumber],
          ]}
        />
      )}
    </Section>
  );
}

/** Only an http(s) address becomes a link; anything else is shown as text, never opened. */
function ExternalLink({ href }: { href: string | null }) {
  if (!href) return null;
  if (!isHttpUrl(href)) return <>{href}</>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium break-all text-accent-ink underline underline-offset-2 hover:text-accent-strong"
    >
      {href}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function SocialLinksSection({ profile, form, editing }: SectionProps) {
  const { github, linkedin } = profile.socialLinks;
  return (
    <Section id="profile-social" title="Social Links">
      {editing ? (
        <div className={fieldGrid}>
          <TextField
            label="GitHub"
            type="url"
            inputMode="url"
            placeholder="https://github.com/username"
            error={errorOf(form, 'socialLinks.github')}
            {...form.register('socialLinks.github')}
          />
          <TextField
            label="LinkedIn"
            type="url"
            inputMode="url"
            placeholder="https://www.linkedin.com/in/username"
            error={errorOf(form, 'socialLinks.linkedin')}
            {...form.register('socialLinks.linkedin')}
          />
        </div>
      ) : (
        <Facts
          rows={[
            ['GitHub', github && <ExternalLink href={github} />],
            ['LinkedIn', linkedin && <ExternalLink href={linkedin} />],
          ]}
        />
      )}
    </Section>
  );
}
