import type { FastifyRequest } from 'fastify';
import { ADMIN_USER_MESSAGES, type SessionUser } from '@cosa/contracts';
import { AppError } from './app-error';

/** The signed-in user of a route whose access declaration requires one; 401 should the session be gone. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.unauthenticated();
  return request.user;
}

/**
 * The signed-in user adding to their own student record (a position declared, a skill, an
 * achievement); 403 for the institute administrator, who is not a student and keeps none
 * (deviation 60), whatever the access table lets an onboarded account reach.
 */
export function currentStudent(request: FastifyRequest): SessionUser {
  const user = currentUser(request);
  if (user.role === 'ADMIN') throw AppError.forbidden(ADMIN_USER_MESSAGES.adminNoStudentRecord);
  return user;
}
