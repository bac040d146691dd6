import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/** The first message for each field a form sends, by the field's name. */
export type FieldMessages = Partial<Record<string, string>>;

/** The first message of each refused field of a schema's check. */
export function messagesOf(error: z.ZodError): FieldMessages {
  const found: FieldMessages = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    found[field] ??= issue.message;
  }
  return found;
}

/** The server's field messages (`{ error: { fields } }`), by the field's name; empty when none. */
export function serverMessagesOf(error: unknown): FieldMessages {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const found: FieldMessages = {};
  for (const [path, message] of Object.entries(error.fields)) found[path.split('.')[0]!] ??= message;
  return found;
}
