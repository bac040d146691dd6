import { screen } from '@testing-library/react';
import { listPage } from './list-page';
import { makeUser, type stubApi } from './render-app';

// What the /manage-position test files share: data typed by hand, the API stubbed, steps.

const student = makeUser();
export const session = { body: { user: student } };
export const firstRender = { timeout: 10_000 };

export const POSITION_ID = '10000000-0000-4000-8000-000000000001';
export const OFFICIAL_ID = '20000000-0000-4000-8000-000000000002';

export type Record_ = Record<string, unknown>;

export function holder(overrides: Record_ = {}): Record_ {
  return {
    id: '30000000-0000-4000-8000-000000000003',
    porCode: 'POR-0001',
    position: {
      id: POSITION_ID,
      positionCode: 'POS-001',
      title: 'Cultural Secretary',
      unit: {
        id: '40000000-0000-4000-8000-000000000004',
        name: 'Cultural Council',
        category: 'cultural',
      },
    },
    tenureYear: '2024-2025',
    status: 'active',
    appointment: { appointedBy: { id: OFFICIAL_ID, name: 'Rohan Mehta' }, date: '2024-07-01' },
    metrics: { eventsOrganized: 4, budgetUtilized: 12500.4, feedback: 'Ran the fest well' },
    verification: 'verified',
    declineReason: null,
    version: 1,
    changeable: false,
    history: [],
    createdAt: '2024-07-02T06:30:00.000Z',
    updatedAt: '2024-07-02T09:00:00.000Z',
    ...overrides,
  };
}

export function page(items: Record_[], extra: Record_ = {}) {
  return listPage(items, { tenureYears: ['2024-2025', '2023-2024'], ...extra });
}

/** The query of every list request, oldest first. */
export function listQueries(fetchMock: ReturnType<typeof stubApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/me/positions')
    .map((url) => url.searchParams);
}

export const lastQuery = (fetchMock: ReturnType<typeof stubApi>) =>
  Object.fromEntries(listQueries(fetchMock).at(-1) ?? []);

export const cardOf = async (title: string) =>
  screen.findByRole('region', { name: new RegExp(`^${title}`) }, firstRender);
