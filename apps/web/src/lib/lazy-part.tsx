import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { whenIdle } from './when-idle';

/**
 * A part of a page that is not shown when the page opens (a form in a dialog, say), loaded apart
 * from the page: when the browser is idle after the page has shown (`usePreload`), or when it is
 * first shown if that comes sooner (`fallback` shows meanwhile). Once loaded it renders at once.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));

  function Part(props: Props) {
    // Chosen once: switching from the lazy component to the loaded one would mount it anew.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }

  /** Loads the part once the browser is idle, for a page that may show it. */
  function usePreload() {
    useEffect(() => (loaded ? undefined : whenIdle(() => void preload())), []);
  }

  return { Part, usePreload };
}
