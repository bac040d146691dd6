import { useRef, useState, type ChangeEvent } from 'react';
import {
  CLUB_PAGE_MESSAGES,
  PHOTO_ACCEPT,
  PHOTO_MAX_BYTES,
  type ClubImageKind,
  type ClubPage,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useRemoveClubImage, useUploadClubImage } from '../api/club-page-editor';
import { CLUB_ADMIN_TEXTS, refusalOf } from '../club-admin-texts';

const WORDS: Record<ClubImageKind, { name: string; Name: string; shape: string; hint: string }> = {
  logo: {
    name: 'logo',
    Name: 'Logo',
    shape: 'size-28 rounded-card',
    hint: 'A square picture; the directory shows it beside the club.',
  },
  banner: {
    name: 'banner',
    Name: 'Banner',
    shape: 'aspect-[3/1] w-full max-w-xl rounded-card',
    hint: 'A wide picture across the top of the club page, shown at 1200 × 400.',
  },
};

function UploadProgress({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-line-soft"
    >
      <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The club's logo or banner as it is now, with Upload (JPEG, PNG or WebP up to 5 MB) and Remove. */
export function ClubImageSlot({ page, kind }: { page: ClubPage; kind: ClubImageKind }) {
  const words = WORDS[kind];
  const url = kind === 'logo' ? page.logoUrl : page.bannerUrl;
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useUploadClubImage(page, kind);
  const remove = useRemoveClubImage(page, kind);
  const busy = upload.isPending || remove.isPending;

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    event.target.value = '';
    if (!file) return;
    setRefusal(null);
    if (file.size > PHOTO_MAX_BYTES) {
      setRefusal(CLUB_PAGE_MESSAGES.imageTooLarge);
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => toast.success(`${words.Name} saved.`),
        onError: (error) => setRefusal(refusalOf(error, CLUB_ADMIN_TEXTS.imageUploadFailed)),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <section aria-labelledby={`club-${kind}-heading`} className="flex min-w-0 flex-col gap-3">
      <h3 id={`club-${kind}-heading`} className="text-base font-semibold text-ink">
        {words.Name}
      </h3>
      {url ? (
        <img
          src={url}
          alt={`Current ${words.name} of ${page.name}`}
          className={cn('border border-line-soft object-cover', words.shape)}
        />
      ) : (
        <div
          className={cn(
            'flex items-center justify-center border border-dashed border-line p-2 text-center text-sm text-ink-muted',
            words.shape,
          )}
        >
          No {words.name} yet.
        </div>
      )}
      <p className="text-xs text-ink-muted">{words.hint} JPEG, PNG or WebP, at most 5 MB.</p>
      <input
        ref={fileInput}
        type="file"
        accept={PHOTO_ACCEPT}
        aria-label={`Choose a ${words.name} picture`}
        hidden
        onChange={onFileChosen}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          loading={upload.isPending}
          loadingText="Uploading..."
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          {url ? `Replace ${words.name}` : `Upload ${words.name}`}
        </Button>
        {url && (
          <ConfirmDialog
            triggerLabel={`Remove ${words.name}`}
            triggerVariant="secondary"
            title={`Remove the ${words.name}?`}
            description={`The club's page shows no ${words.name} until you upload another.`}
            confirmation={{
              confirmLabel: `Remove ${words.name}`,
              pendingLabel: 'Removing...',
              confirmVariant: 'danger',
              onConfirm: async () => {
                setRefusal(null);
                await remove.mutateAsync();
                toast.success(`${words.Name} removed.`);
              },
              failureMessage: CLUB_ADMIN_TEXTS.imageRemoveFailed,
            }}
          />
        )}
      </div>
      {progress !== null && <UploadProgress label={`${words.Name} upload`} percent={progress} />}
      {refusal && <Alert tone="error">{refusal}</Alert>}
    </section>
  );
}
