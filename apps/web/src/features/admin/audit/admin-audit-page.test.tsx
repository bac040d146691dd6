import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@cosa/contracts';
import { loadPages } from '../../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../../test/render-app';
import { changesOf, valueText } from './audit-changes';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const session = {
  body: {
    user: makeUser({
      id: '00000000-0000-4000-8000-00000000ad01',
      role: 'ADMIN',
      name: 'Priya Venkatesh',
      studentId: null,
      onboardingComplete: false,
    }),
  },
};
const ACTOR = '00000000-0000-4000-8000-0000000000e1';

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'l1',
  actor: { id: ACTOR, name: 'Priya Venkatesh' },
  kind: 'skill',
  action: 'update',
  subjectType: 'skills',
  subjectId: 's1',
  subjectLabel: 'Python',
  summary: null,
  before: { id: 's1', name: 'Pyhton', category: 'Programming', retired_at: null, is_endorsed: false },
  after: {
    id: 's1',
    name: 'Python',
    category: 'Programming',
    retired_at: '2026-03-01T18:45:00.123456+00:00',
    is_endorsed: true,
  },
  createdAt: '2026-03-01T18:45:00.000Z',
  ...overrides,
});
const list = (items: AuditEntry[], total = items.length, capped = false) => ({
  body: { items, total, capped, page: 1, pageSize: 20 },
});
const auditQueries = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/audit')
    .map((url) => Object.fromEntries(url.searchParams));

describe('the changes of an audit line', () => {
  it('lists the fields an update changed, and every field with a value of a creation', () => {
    expect(changesOf(entry())).toEqual([
      { field: 'name', before: 'Pyhton', after: 'Python' },
      { field: 'retired_at', before: null, after: '2026-03-01T18:45:00.123456+00:00' },
      { field: 'is_endorsed', before: false, after: true },
    ]);
    expect(
      changesOf({
        before: null,
        after: {
          id: 'x',
          name: 'Room Z',
          capacity: 40,
          features: [],
          retired_at: null,
          created_at: '2026-01-01T00:00:00Z',
        },
      }),
    ).toEqual([
      { field: 'name', before: undefined, after: 'Room Z' },
      { field: 'capacity', before: undefined, after: 40 },
      { field: 'features', before: undefined, after: [] },
    ]);
    expect(changesOf({ before: { id: 'x', title: 'Old' }, after: null })).toEqual([
      { field: 'title', before: 'Old', after: undefined },
    ]);
  });

  it("shows instants on the institute's clock, booleans and lists in words", () => {
    expect(valueText('2026-03-01T18:45:00.123456+00:00', 'Asia/Kolkata')).toBe('Mar 2, 2026, 12:15 AM');
    expect(valueText(null)).toBe('none');
    expect(valueText(true)).toBe('yes');
    expect(valueText(['Projector', 'AC'])).toBe('Projector, AC');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});

describe('/admin/audit', { timeout: 30_000 }, () => {
  it('lists the changes newest first with who, when, what, and the values before and after', async () => {
    stubApi({
      session,
      '/api/admin/audit': list([
        entry(),
        entry({
          id: 'l2',
          kind: 'room',
          action: 'create',
          subjectType: 'rooms',
          subjectLabel: 'Room Z',
          before: null,
          after: { id: 'r', name: 'Room Z', capacity: 40 },
        }),
      ]),
    });
    renderApp('/admin/audit');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Audit log' }, firstRender),
    ).toBeInTheDocument();
    const first = within(
      (await screen.findByRole('heading', { name: 'Changed catalogue skill: Python' })).closest(
        'article',
      )!,
    );
    expect(first.getByText('Priya Venkatesh')).toBeInTheDocument();
    expect(first.getByText('Mar 2, 2026, 12:15 AM', { selector: 'time' })).toBeInTheDocument();
    expect(first.getByText('Skill')).toBeInTheDocument();
    await userEvent.click(first.getByText('Show the changes (3 fields)'));
    // Screen readers hear 'from ... to ...'; the arrow is for the eye.
    expect(first.getByText('name').nextSibling).toHaveTextContent(/^from Pyhton→ to Python$/);
    expect(first.getByText('is endorsed').nextSibling).toHaveTextContent(/^from no→ to yes$/);
    expect(first.getByText('retired at').nextSibling).toHaveTextContent(
      /^from none→ to Mar 2, 2026, 12:15 AM$/,
    );
    expect(screen.getByRole('heading', { name: 'Created room: Room Z' })).toBeInTheDocument();
    expect(screen.getByText('2 changes')).toBeInTheDocument();
  });

  it('filters by who, kind, action and days on the server, and the export link follows the filters', async () => {
    const fetchMock = stubApi({
      session,
      '/api/admin/audit': list([entry()]),
      '/api/admin/audit/actors': {
        body: {
          items: [
            { id: ACTOR, label: 'Priya Venkatesh', detail: 'Administrator · admin@iitbhilai.ac.in' },
          ],
        },
      },
    });
    renderApp('/admin/audit');
    await screen.findByRole('heading', { name: 'Changed catalogue skill: Python' }, firstRender);
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Skill');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Changed');
    await userEvent.type(screen.getByLabelText('From'), '2026-03-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-02');
    await userEvent.click(screen.getByRole('combobox', { name: 'Who' }));
    await userEvent.click(await screen.findByRole('option', { name: /Priya Venkatesh/ }));
    await waitFor(() =>
      expect(auditQueries(fetchMock).at(-1)).toEqual({
        actorId: ACTOR,
        kind: 'skill',
        action: 'update',
        from: '2026-03-01',
        to: '2026-03-02',
      }),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/admin/audit/export?actorId=${ACTOR}&kind=skill&action=update&from=2026-03-01&to=2026-03-02`,
    );
  });

  it('says beside the date fields why a date from the address is refused, without asking the server or calling the log unloadable', async () => {
    const fetchMock = stubApi({
      session,
      '/api/admin/audit': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Enter a date as YYYY-MM-DD.',
            fields: { from: 'Enter a date as YYYY-MM-DD.' },
          },
        },
      },
    });
    const first = renderApp('/admin/audit?from=2026-13-45');
    const from = await screen.findByLabelText('From', {}, firstRender);
    expect(await screen.findByText('Enter a date as YYYY-MM-DD.')).toBeInTheDocument();
    expect(from).toHaveAccessibleDescription(/Enter a date as YYYY-MM-DD\./);
    expect(screen.getByText('Correct the dates above to see the changes.')).toBeInTheDocument();
    expect(screen.queryByText('The audit log could not be loaded. Please try again.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(auditQueries(fetchMock)).toEqual([]);
    first.unmount();

    stubApi({ session, '/api/admin/audit': list([entry()]) });
    renderApp('/admin/audit?from=2026-03-05&to=2026-03-01');
    const to = await screen.findByLabelText('To', {}, firstRender);
    expect(
      await screen.findByText('The end date must be on or after the start date.'),
    ).toBeInTheDocument();
    expect(to).toHaveAccessibleDescription(/The end date must be on or after the start date\./);
  });

  it('says when more lines match than it counts, and shows the empty and failed states', async () => {
    stubApi({ session, '/api/admin/audit': list([entry()], 10_000, true) });
    const { unmount } = renderApp('/admin/audit');
    expect(await screen.findByText(/More than 10,000 changes/, {}, firstRender)).toBeInTheDocument();
    unmount();
    stubApi({ session, '/api/admin/audit': list([], 0) });
    const second = renderApp('/admin/audit?kind=import');
    expect(
      await screen.findByText('No changes match these filters.', {}, firstRender),
    ).toBeInTheDocument();
    second.unmount();
    stubApi({
      session,
      '/api/admin/audit': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } },
    });
    renderApp('/admin/audit');
    expect(
      await screen.findByText('The audit log could not be loaded. Please try again.', {}, firstRender),
    ).toBeInTheDocument();
  });
});
