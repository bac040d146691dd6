// routes.tsx loads each page lazily. The first render of a page waits for its module to be
// transformed and evaluated, which on a busy machine can outlast findBy's one-second wait; loading
// the modules first, in a hook with its own generous timeout, leaves the tests only rendering.
const pageModules = import.meta.glob('../src/features/**/*-page.tsx');

/** Loads every page module, so that React.lazy finds each one already evaluated. */
export async function loadPages(): Promise<void> {
  await Promise.all(Object.values(pageModules).map((load) => load()));
}
