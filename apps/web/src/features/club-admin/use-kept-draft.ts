import { useEffect, useState } from 'react';

/** The browser's session store, when it has one and lets the page use it. */
function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string, isDraft: (value: unknown) => value is T): T | null {
  try {
    const text = store()?.getItem(key);
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    return isDraft(value) ? value : null;
  } catch {
    return null;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Changes of a form not yet saved are kept for the browser tab (the menu, a link or a reload do
 * not lose them) and given back when the form opens again; closing the tab with changes asks
 * first. `initial` is what the form starts from: the kept changes, or else the saved values.
 */
export function useKeptDraft<T>(key: string, saved: T, isDraft: (value: unknown) => value is T) {
  const [initial] = useState(() => {
    const kept = read(key, isDraft);
    return kept && !same(kept, saved) ? kept : saved;
  });
  const [dirty, setDirty] = useState(() => !same(initial, saved));
  /** The form opened with changes kept from before: it says so, and offers to discard them. */
  const [restored, setRestored] = useState(dirty);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Keeps the form's values, or forgets them once they equal `savedNow`, what is saved now. */
  const keep = (values: T, savedNow: T) => {
    const changed = !same(values, savedNow);
    setDirty(changed);
    if (!changed) setRestored(false);
    try {
      if (changed) store()?.setItem(key, JSON.stringify(values));
      else store()?.removeItem(key);
    } catch {
      // A full or refused store: the changes stay on the page, and closing the tab still asks.
    }
  };

  return { initial, restored, dirty, keep };
}
