import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@cosa/contracts';
import { AppError } from './app-error';

/** The signed-in user of a route whose access declaration requires one; 401 should the session be gone. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.unauthenticated();
  return request.user;
}
