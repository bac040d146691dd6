import { TEXTS } from '@cosa/contracts';

/** What a page shows while the session check runs. */
export function LoadingScreen() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <p role="status" className="text-base text-ink-muted">
        {TEXTS.loading}
      </p>
    </div>
  );
}
