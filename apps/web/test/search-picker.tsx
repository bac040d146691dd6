import type { LookupItem } from '@cosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { SearchPicker, type SearchPickerProps } from '../src/components/ui/search-picker';

export const ANNA: LookupItem = { id: 'u1', label: 'Anna Rao', detail: 'anna@iitk.ac.in' };
export const ANIL: LookupItem = { id: 'u2', label: 'Anil Kumar', detail: null };
export const ARUN: LookupItem = { id: 'u3', label: 'Arun Das', detail: null };

export type Search = SearchPickerProps['search'];
export type PickerOptions = Partial<SearchPickerProps> & { initial?: LookupItem | null };

/** A picker whose value is held the way a page holds it; every change is also reported. */
export function PickerHarness({ onChange, initial = null, ...props }: PickerOptions) {
  const [value, setValue] = useState<LookupItem | null>(initial);
  return (
    <SearchPicker
      label="Student"
      queryKey={['lookup', 'users']}
      search={async () => [ANNA, ANIL]}
      {...props}
      value={value}
      onChange={(item) => {
        setValue(item);
        onChange?.(item);
      }}
    />
  );
}

/** Renders `children` with a query client of their own, which does not retry. */
export function renderWithQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

/** Renders the picker on its own ('Student', searching for Anna Rao and Anil Kumar by default). */
export function renderPicker(options: PickerOptions = {}) {
  return renderWithQueries(<PickerHarness {...options} />);
}
