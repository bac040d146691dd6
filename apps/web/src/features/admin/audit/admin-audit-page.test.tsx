import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@cosa/contracts';
import { loadPages } from '../../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../../test/render-app';

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
  actor: {
    id: ACTOR,
    nameAtTheTime: 'Priya Venkatesh',
    name: 'Priya Venkatesh',
    username: 'priya.venkatesh',
    deactivated: false,
  },
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
  changes: [
    { field: 'is_endorsed', label: 'Endorsed', before: 'no', after: 'yes' },
    { field: 'name', label: 'Name', before: 'Pyhton', after: 'Python' },
    { field: 'retired_at', label: 'Retired', before: 'none', after: '2 Mar 2026, 00:15' },
  ],
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
          changes: [{ field: 'name', label: 'Name', after: 'Room Z' }],
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
    expect(first.getByText('priya.venkatesh')).toBeInTheDocument();
    expect(first.getByText('2 Mar 2026, 00:15', { selector: 'time' })).toBeInTheDocument();
    expect(first.getByText('Skill')).toBeInTheDocument();
    await userEvent.click(first.getByText('Show the changes (3 fields)'));
    // Screen readers hear 'from ... to ...'; the arrow is for the eye.
    expect(first.getByText('Name').nextSibling).toHaveTextContent(/^from Pyhton→ to Python$/);
    expect(first.getByText('Endorsed').nextSibling).toHaveTextContent(/^from no→ to yes$/);
    expect(first.getByText('Retired').nextSibling).toHaveTextContent(
      /^from none→ to 2 Mar 2026, 00:15$/,
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

  it('names who acted by the name at the time, and the current name and username when renamed since', async () => {
    stubApi({
      session,
      '/api/admin/audit': list([
        entry({
          actor: {
            id: ACTOR,
            nameAtTheTime: 'Kavya Menon',
            name: 'Kavya Iyer',
            username: 'kavya.menon',
            deactivated: true,
          },
        }),
        entry({
          id: 'l2',
          subjectLabel: 'Chess',
          actor: {
            id: null,
            nameAtTheTime: 'Legacy Admin',
            name: null,
            username: null,
            deactivated: false,
          },
        }),
        // A kind and an action this page has never heard of still read as words.
        entry({
          id: 'l3',
          kind: 'identity_fact',
          action: 'correct',
          subjectType: 'identity_corrections',
          subjectLabel: 'Meera Pillai',
        }),
      ]),
    });
    renderApp('/admin/audit');
    const renamed = within(
      (
        await screen.findByRole('heading', { name: 'Changed catalogue skill: Python' }, firstRender)
      ).closest('article')!,
    );
    expect(renamed.getByText('Kavya Menon')).toBeInTheDocument();
    expect(renamed.getByText('Kavya Iyer')).toBeInTheDocument();
    expect(renamed.getByText(/name at the time; now/)).toBeInTheDocument();
    expect(renamed.getByText('kavya.menon')).toBeInTheDocument();
    expect(renamed.getByText(/account deactivated/)).toBeInTheDocument();
    const legacy = within(
      screen.getByRole('heading', { name: 'Changed catalogue skill: Chess' }).closest('article')!,
    );
    expect(legacy.getByText('Legacy Admin')).toBeInTheDocument();
    expect(legacy.getByText('(name at the time)')).toBeInTheDocument();
    const unknown = within(
      screen
        .getByRole('heading', { name: 'Correct identity corrections: Meera Pillai' })
        .closest('article')!,
    );
    expect(unknown.getByText('Identity fact')).toBeInTheDocument();
    expect(unknown.getByText('Correct')).toBeInTheDocument();
  });

  it('names the person a filter from the address holds as the server knows them, never by the address', async () => {
    const fetchMock = stubApi({
      session,
      '/api/admin/audit': list([entry()]),
      '/api/admin/audit/actors': {
        body: {
          items: [{ id: ACTOR, label: 'Priya Venkatesh', detail: 'Administrator · priya.venkatesh' }],
        },
      },
    });
    renderApp(`/admin/audit?actorId=${ACTOR}&actorName=Someone%20Else`);
    const who = await screen.findByRole('combobox', { name: 'Who' }, firstRender);
    await waitFor(() => expect(who).toHaveValue('Priya Venkatesh'));
    expect(screen.queryByDisplayValue('Someone Else')).toBeNull();
    expect(
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .some(
          (url) => url.pathname === '/api/admin/audit/actors' && url.searchParams.get('id') === ACTOR,
        ),
    ).toBe(true);
  });
});
