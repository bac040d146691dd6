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
import { whenIdle } from './when-idle';

const PART_UNAVAILABLE =
  'This part of the page could not be loaded: the connection may be down, or the portal was updated. Try again, or reload the page.';

/** The browser could not fetch a part's code; any other error is the page's to show. */
class PartLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'PartLoadError';
  }
}

type BoundaryState = { error: Error | null };

/**
 * Keeps a part that could not be fetched to its own place, with Retry, instead of taking the page
 * down; an error from the part's own rendering goes on to the page's boundary.
 */
class PartBoundary extends Component<{ children: ReactNode; onRetry: () => void }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof PartLoadError)) throw error;
    return <ErrorState message={PART_UNAVAILABLE} onRetry={this.props.onRetry} />;
  }
}

/**
 * A part of a page that is not shown when the page opens (a form in a dialog, say), loaded apart
 * from the page: when the browser is idle after the page has shown (`usePreload`), or when it is
 * first shown if that comes sooner (`fallback` shows meanwhile). Once loaded it renders at once.
 * A load that failed (offline, a new release) is tried again by the next part shown and by its
 * Retry; until then the part shows what happened in its place, and the page goes on working.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  let failed = false;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (cause: unknown) => {
        failed = true;
        throw new PartLoadError(cause);
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

  function Part(props: Props) {
    // Chosen once: switching from the loading part to the loaded one would mount it anew. A part
    // shown after a failed load tries again.
    const [Loaded] = useState(() => {
      forgetFailure();
      return loaded;
    });
    const [attempt, setAttempt] = useState(0);
    if (Loaded) return <Loaded {...props} />;
    const Loader = Lazy;
    const retry = () => {
      forgetFailure();
      setAttempt((count) => count + 1);
    };
    return (
      <PartBoundary key={attempt} onRetry={retry}>
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

  return { Part, usePreload };
}
