import { ID_CONFLICT_MESSAGES } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { useAskStudentId } from './api/ask-student-id';

/** The way out when another account claimed the student's id: ask the administrator for it (decision 0015). */
export function StudentIdClaimed({ studentId }: { studentId: string }) {
  const ask = useAskStudentId();
  if (ask.isSuccess) return <Alert tone="success">{ID_CONFLICT_MESSAGES.reported}</Alert>;
  const refusal =
    ask.error instanceof ApiError ? ask.error.message : ask.error ? String(ask.error) : null;
  return (
    <div className="flex flex-col items-start gap-2 sm:col-span-2">
      {refusal && <Alert tone="error">{refusal}</Alert>}
      <Button
        type="button"
        variant="secondary"
        loading={ask.isPending}
        loadingText="Asking..."
        onClick={() => ask.mutate(studentId)}
      >
        {ID_CONFLICT_MESSAGES.askAdministrator}
      </Button>
    </div>
  );
}
