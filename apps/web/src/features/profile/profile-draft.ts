import { zodResolver } from '@hookform/resolvers/zod';
import type { Path, Resolver } from 'react-hook-form';
import { profileUpdateSchema, type Profile, type ProfileUpdate } from '@cosa/contracts';

/** The profile form's values: what the inputs hold, text throughout; blank means not recorded. */
export type ProfileDraft = {
  personal: { name: string; phone: string; gender: string; dateOfBirth: string };
  /** Null for officials, to whom academic information does not apply. */
  academic: {
    batchYear: string;
    program: string;
    branch: string;
    currentYear: string;
    cgpa: string;
  } | null;
  contact: { hostel: string; roomNumber: string };
  socialLinks: { github: string; linkedin: string };
};

const text = (value: string | number | null) => (value === null ? '' : String(value));

/** Edit copies the saved profile into a draft (spec section 4). */
export function toDraft(profile: Profile): ProfileDraft {
  const { personal, academic, contact, socialLinks } = profile;
  return {
    personal: {
      name: personal.name,
      phone: text(personal.phone),
      gender: text(personal.gender),
      dateOfBirth: text(personal.dateOfBirth),
    },
    academic: academic && {
      batchYear: text(academic.batchYear),
      program: text(academic.program),
      branch: text(academic.branch),
      currentYear: text(academic.currentYear),
      cgpa: text(academic.cgpa),
    },
    contact: { hostel: text(contact.hostel), roomNumber: text(contact.roomNumber) },
    socialLinks: { github: text(socialLinks.github), linkedin: text(socialLinks.linkedin) },
  };
}

/** Every field the server may name in `error.fields`, as dotted paths. */
export const DRAFT_FIELDS = [
  'personal.name',
  'personal.phone',
  'personal.gender',
  'personal.dateOfBirth',
  'academic.batchYear',
  'academic.program',
  'academic.branch',
  'academic.currentYear',
  'academic.cgpa',
  'contact.hostel',
  'contact.roomNumber',
  'socialLinks.github',
  'socialLinks.linkedin',
] as const satisfies readonly Path<ProfileDraft>[];

/**
 * Checks the draft with the shared schema, which reads the clock at each check (so the admission
 * year's upper bound is the year of the Save), and turns it into the request body.
 */
export const profileResolver = zodResolver(profileUpdateSchema()) as unknown as Resolver<
  ProfileDraft,
  unknown,
  ProfileUpdate
>;
