import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MyRegistrationSchema, type MyRegistration } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { TICKETS_CHANGED_EVENT } from '../../../lib/offline/tickets-changed';
import { eventsKey } from './get-events';

const AnswerSchema = z.object({ registration: MyRegistrationSchema });

/** POST (register or join the waitlist) or DELETE (cancel, leave the waitlist, decline a seat) /api/events/{id}/registration. */
async function changeRegistration(id: string, register: boolean): Promise<MyRegistration> {
  const path = apiPaths.eventRegistration(id);
  const { registration } = register
    ? await api.post(path, {}, { schema: AnswerSchema })
    : await api.delete(path, { schema: AnswerSchema });
  return registration;
}

/** Registering and unregistering; the event's page, the lists and the person's events load again after. */
export function useRegistration(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (register: boolean) => changeRegistration(id, register),
    onSettled: () => {
      // The tickets kept for the door offline follow the seat (decision 0043).
      window.dispatchEvent(new Event(TICKETS_CHANGED_EVENT));
      void client.invalidateQueries({ queryKey: eventsKey });
    },
  });
}
