import { useRef, useState, type ChangeEvent } from 'react';
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES, PROFILE_MESSAGES } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeletePhoto } from '../api/delete-photo';
import { useUploadPhoto } from '../api/upload-photo';

/** The server's own words for a refusal (too large, unsupported, too many), a plain message otherwise. */
function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}

function UploadProgressBar({ percent }: { percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label="Photo upload"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className="h-2 w-full overflow-hidden rounded-full bg-line-soft"
    >
      <div
        className="h-full rounded-full bg-accent transition-[width]"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** Change Photo (with upload progress) and, when there is a picture, Delete Photo after a confirmation. */
export function PhotoActions({ hasPhoto }: { hasPhoto: boolean }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const upload = useUploadPhoto();
  const remove = useDeletePhoto();
  const busy = upload.isPending || remove.isPending;

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    event.target.value = '';
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) {
      toast.error(PROFILE_MESSAGES.photoTooLarge);
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => toast.success(PROFILE_MESSAGES.photoUpdated),
        onError: (error) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          toast.error(failureMessage(error, PROFILE_MESSAGES.photoUploadFailed));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const onDeleteConfirmed = () => {
    setConfirming(false);
    remove.mutate(undefined, {
      onSuccess: () => toast.success(PROFILE_MESSAGES.photoDeleted),
      onError: (error) => toast.error(failureMessage(error, PROFILE_MESSAGES.photoDeleteFailed)),
    });
  };

  return (
    <div className="flex w-full min-w-0 flex-col gap-2 sm:w-auto">
      <input
        ref={fileInput}
        type="file"
        accept={PHOTO_ACCEPT}
        aria-label="Choose a photo"
        hidden
        onChange={onFileChosen}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          loading={upload.isPending}
          loadingText={PROFILE_MESSAGES.uploading}
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          {PROFILE_MESSAGES.changePhoto}
        </Button>
        {hasPhoto && (
          <Button
            variant="secondary"
            size="sm"
            loading={remove.isPending}
            loadingText={PROFILE_MESSAGES.processing}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {PROFILE_MESSAGES.deletePhoto}
          </Button>
        )}
      </div>
      {progress !== null && <UploadProgressBar percent={progress} />}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        size="sm"
        title="Delete your photo?"
        description="Your profile will show your initials instead."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep Photo
            </Button>
            <Button variant="danger" onClick={onDeleteConfirmed}>
              {PROFILE_MESSAGES.deletePhoto}
            </Button>
          </>
        }
      >
        <p className="text-sm text-ink-muted">
          You can upload a new photo at any time with Change Photo.
        </p>
      </Dialog>
    </div>
  );
}
