import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyCredentialsSchema, type MyCredentials } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { ownRecordKey } from '../../../lib/own-record';
import { apiPaths } from '../../../lib/api-paths';

export const myCredentialsKey = ownRecordKey('credentials');

/** GET /api/me/credentials: the credentials the student downloaded, and whether each still stands. */
function getMyCredentials(signal: AbortSignal): Promise<MyCredentials> {
  return api.get(apiPaths.myCredentials, { schema: MyCredentialsSchema, signal });
}

const myCredentialsQueryOptions = queryOptions({
  queryKey: myCredentialsKey,
  queryFn: ({ signal }) => getMyCredentials(signal),
});

export const useMyCredentials = () => useQuery(myCredentialsQueryOptions);
