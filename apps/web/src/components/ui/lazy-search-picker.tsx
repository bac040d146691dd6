import { lazyPart } from '../../lib/lazy-part';
import { Spinner } from './spinner';

/**
 * The search picker loaded apart from the page, for a picker inside a dialog: its code (Downshift
 * and the list) is fetched when the browser is idle after the page has shown (call
 * `usePreloadSearchPicker` in a component the page always shows), or when the dialog first opens.
 */
const picker = lazyPart(
  async () => (await import('./search-picker')).SearchPicker,
  <Spinner label="Loading..." visibleLabel />,
);

export const LazySearchPicker = picker.Part;
export const usePreloadSearchPicker = picker.usePreload;
