import type { QueryClient } from '@tanstack/react-query';
import type { EventDetail } from '@cosa/contracts';
import { ownRecordKey } from '../../../lib/own-record';
import { eventKey } from './get-event';
import { eventsKey } from './get-events';

/** After a change: the event's page shows the server's answer; the lists and the home dashboard's upcoming events load again. */
export function rememberEvent(client: QueryClient, event: EventDetail): void {
  client.setQueryData(eventKey(event.id), event);
  void client.invalidateQueries({
    queryKey: eventsKey,
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
  void client.invalidateQueries({ queryKey: ownRecordKey('dashboard') });
}
