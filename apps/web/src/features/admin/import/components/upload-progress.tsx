import { Spinner } from '../../../../components/ui/spinner';
import type { UploadStage } from '../api/roll-import';

/**
 * The progress of an upload: a bar while the file is sent, then a busy line while the server
 * checks (or writes) every row, which it does in one go.
 */
export function UploadProgress({
  stage,
  label,
  processingText,
}: {
  stage: UploadStage;
  label: string;
  processingText: string;
}) {
  if (stage.stage === 'processing') {
    return (
      <div className="flex flex-col gap-2">
        <div
          role="progressbar"
          aria-label={label}
          aria-valuetext={processingText}
          className="h-2 w-full overflow-hidden rounded-full bg-line-soft"
        >
          <div className="h-full w-1/3 animate-pulse rounded-full bg-accent" />
        </div>
        <Spinner label={processingText} visibleLabel size="sm" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={stage.percent}
        aria-valuetext={`${stage.percent}% sent`}
        className="h-2 w-full overflow-hidden rounded-full bg-line-soft"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width]"
          style={{ width: `${stage.percent}%` }}
        />
      </div>
      <p className="text-sm text-ink-muted">Uploading... {stage.percent}%</p>
    </div>
  );
}
