import { useMutation } from '@tanstack/react-query';
import { StudentIdClaimReceiptSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** POST /api/me/student-id-claims: asks the administrator for a Student ID another account holds. */
export function useAskStudentId() {
  return useMutation({
    mutationFn: (studentId: string) =>
      api.post(apiPaths.studentIdClaims, { studentId }, { schema: StudentIdClaimReceiptSchema }),
  });
}
