import { z } from 'zod';
import { ROLES } from './roles';

/** The signed-in user as the session check returns it: nothing secret. */
export const SessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  studentId: z.string().nullable(),
  onboardingComplete: z.boolean(),
  /** False until the owner of the address opened the verification link or signed in with Google. */
  emailVerified: z.boolean(),
  branch: z.string().nullable(),
  batchYear: z.number().int().nullable(),
  program: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });

/** Public settings of this installation the web app needs before sign-in. */
export const PublicConfigSchema = z.object({
  instituteName: z.string(),
  instituteShortName: z.string(),
  emailDomain: z.string(),
  timeZone: z.string(),
  logoUrl: z.string().nullable(),
  googleEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  time: z.string(),
});
