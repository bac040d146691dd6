import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { ErrorState } from '../components/ui/error-state';
import { isChunkFailure } from './chunk-failure';
import { whenIdle } from './when-idle';

const PART_UNAVAILABLE =
  'This part of the page could not be loaded: the connection may be down, or the portal was updated. Try again, or reload the page.';

/** The browser could not fetch a part's code; any other error is the page's to show. */
class PartLoadError extends Error {
  constructor(cause: Error) {
    super(cause.message, { cause });
    this.name = 'PartLoadError';
  }
}

type BoundaryProps = {
  children: ReactNode;
  onFailure: () => void;
  onRetry: () => void;
  onClose?: () => void;
};

/**
 * Keeps a part that could not be fetched to its own place, with Retry (and Close where the part
 * can be put aside), instead of taking the page down; any other error goes on to the page's boundary.
 */
class PartBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof PartLoadError) this.props.onFailure();
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof PartLoadError)) throw error;
    return (
      <ErrorState message={PART_UNAVAILABLE} onRetry={this.props.onRetry} onClose={this.props.onClose} />
    );
  }
}

/** What a page may add to a part: how to put it aside when its code could not be fetched. */
type PartOptions = { onCloseFailure?: () => void };

/**
 * A part of a page that is not shown when the page opens (a form in a dialog, say), loaded apart
 * from the page: when the browser is idle after the page has shown (`usePreload`), or when it is
 * first shown if that comes sooner (`fallback` shows meanwhile). Once loaded it renders at once.
 * A fetch that failed (offline, a new release) shows so in the part's place; the next part shown
 * and Retry fetch again, and a Retry that fails too reloads the page (a release that replaced the
 * file needs the new page). A load that succeeds shows every instance that had failed.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  let failed = false;
  /** The instances showing a failure, told when a load succeeds. */
  const waiting = new Set<() => void>();
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        for (const show of [...waiting]) show();
        return component;
      },
      (cause: unknown) => {
        if (!isChunkFailure(cause)) throw cause;
        failed = true;
        throw new PartLoadError(cause as Error);
      },
    ));
  // A lazy component keeps a failed load for good: a retry takes a new one.
  const lazyLoader = () => lazy(async () => ({ default: await preload() }));
  let Lazy = lazyLoader();
  /** Forgets a failed load, so that the next attempt fetches again. */
  const forgetFailure = () => {
    if (!failed) return;
    failed = false;
    loading = null;
    Lazy = lazyLoader();
  };

  function Part({ onCloseFailure, ...rest }: Props & PartOptions) {
    const props = rest as Props;
    // Chosen once: switching from the loading part to the loaded one would mount it anew. A part
    // shown after a failed load tries again.
    const [Loaded] = useState(() => {
      forgetFailure();
      return loaded;
    });
    const [attempt, setAttempt] = useState(0);
    const [failedHere, setFailedHere] = useState(false);
    useEffect(() => {
      if (!failedHere) return undefined;
      const show = () => {
        setFailedHere(false);
        setAttempt((count) => count + 1);
      };
      waiting.add(show);
      return () => void waiting.delete(show);
    }, [failedHere]);
    if (Loaded) return <Loaded {...props} />;
    const Loader = Lazy;
    const retry = () => {
      if (attempt > 0) return window.location.reload();
      forgetFailure();
      setFailedHere(false);
      setAttempt((count) => count + 1);
    };
    return (
      <PartBoundary
        key={attempt}
        onFailure={() => setFailedHere(true)}
        onRetry={retry}
        onClose={onCloseFailure}
      >
        <Suspense fallback={fallback}>
          <Loader {...props} />
        </Suspense>
      </PartBoundary>
    );
  }

  /** Loads the part once the browser is idle, for a page that may show it. */
  function usePreload() {
    useEffect(() => (loaded ? undefined : whenIdle(() => void preload().catch(() => undefined))), []);
  }

  /** Loads the part now (a test that reads the page as it is once its parts are there). */
  const loadNow = () => preload().then(() => undefined);

  return { Part, usePreload, load: loadNow };
}
