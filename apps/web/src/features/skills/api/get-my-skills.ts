import { ownRecordKey } from '../../../lib/own-record';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserSkillListSchema, type UserSkillList } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

const mySkillsKey = ownRecordKey('skills');

/** GET /api/me/skills: every skill the signed-in student claims. */
function getMySkills(signal: AbortSignal): Promise<UserSkillList> {
  return api.get(apiPaths.mySkills, { schema: UserSkillListSchema, signal });
}

const mySkillsQueryOptions = queryOptions({
  queryKey: mySkillsKey,
  queryFn: ({ signal }) => getMySkills(signal),
});

export const useMySkills = () => useQuery(mySkillsQueryOptions);
