import { useCallback } from 'react';
import type { AuthResponse } from '@cosa/contracts';
import { useSessionStore } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';

/** A request whose answer signs a user in (sign-in, registration): the shell's session takes the answer's user. */
export function useSigningIn<Body>(call: (body: Body) => Promise<AuthResponse>) {
  const session = useSessionStore();
  const signIn = useCallback(
    async (body: Body) => {
      const answer = await call(body);
      session.set(answer.user);
      return answer;
    },
    [call, session],
  );
  return useAction(signIn);
}
