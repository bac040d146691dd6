import { queryOptions, useQuery } from '@tanstack/react-query';
import { PrivacyNoticeSchema, type PrivacyNotice } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { privacyPaths } from './privacy-paths';

const noticeQueryOptions = queryOptions({
  queryKey: ['privacy', 'notice'] as const,
  queryFn: ({ signal }): Promise<PrivacyNotice> =>
    api.get(privacyPaths.notice, { schema: PrivacyNoticeSchema, signal }),
  staleTime: 60 * 60 * 1000,
});

/** GET /api/privacy/notice: the grievance officer and the retention periods the notice states. */
export const usePrivacyNotice = () => useQuery(noticeQueryOptions);
