import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { currentPath, makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { admin, election, ELECTION_ID, student } from './election-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const MEERA = '00000000-0000-4000-8000-000000000009';
const officer = { body: { user: makeUser({ id: MEERA, role: 'STUDENT', name: 'Meera Iyer' }) } };

/** In its nominations: they opened at 10:00:15 on 10 Jan 2020 (Asia/Kolkata), everything else is to come in 2099. */
const OPEN = election({
  canManage: true,
  nominationsOpenAt: '2020-01-10T04:30:15.000Z',
});

function serve(
  session: Parameters<typeof stubApi>[0][string],
  shown = OPEN,
  put: Parameters<typeof stubApi>[0][string] = { body: { election: shown } },
) {
  return stubApi({
    session,
    [`GET /api/elections/${ELECTION_ID}`]: { body: { election: shown } },
    [`PUT /api/elections/${ELECTION_ID}`]: put,
    '/api/lookup/users': { body: { items: [] } },
  });
}

const form = () => within(screen.getByRole('form', { name: 'Edit election' }));
const EDIT_PATH = `/elections/${ELECTION_ID}/edit`;

describe('/elections/:id/edit', { timeout: 40_000 }, () => {
  it('shows what has passed as it is, sends it back unchanged with the changes, and returns to the election', async () => {
    const fetchMock = serve(admin);
    renderApp(EDIT_PATH);
    const title = await screen.findByLabelText(/^Title/, {}, firstRender);
    expect(title).toHaveValue('Council elections 2099');
    expect(form().queryByLabelText('Nominations open date')).not.toBeInTheDocument();
    expect(form().getByText('This time has passed and cannot be changed.')).toBeInTheDocument();
    expect(
      form().getByText(
        'Nominations have opened: candidates stand for the posts as they are, so they cannot change.',
      ),
    ).toBeInTheDocument();
    expect(form().queryByRole('group', { name: 'Post 1' })).not.toBeInTheDocument();
    expect(form().getByLabelText('Voting closes time')).toHaveValue('18:00');

    await userEvent.clear(title);
    await userEvent.type(title, 'Council elections 2099, second call');
    await userEvent.clear(form().getByLabelText('Voting closes time'));
    await userEvent.type(form().getByLabelText('Voting closes time'), '20:00');
    await userEvent.click(form().getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Election updated.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', `/api/elections/${ELECTION_ID}`)).toEqual([
      {
        title: 'Council elections 2099, second call',
        description: 'Rules: https://example.org/rules',
        tenureYear: '2026-2027',
        officerId: MEERA,
        nominationsOpenAt: '2020-01-10T04:30:15.000Z',
        nominationsCloseAt: '2099-01-15T12:30:00.000Z',
        votingOpenAt: '2099-01-20T03:30:00.000Z',
        votingCloseAt: '2099-01-20T14:30:00.000Z',
        posts: [
          {
            positionId: '00000000-0000-4000-8000-0000000000d1',
            seats: 1,
            proposersNeeded: 0,
            voterBatchYears: [],
            voterPrograms: [],
            voterDisciplines: [],
            voterUnitId: null,
          },
          {
            positionId: '00000000-0000-4000-8000-0000000000d2',
            seats: 2,
            proposersNeeded: 2,
            voterBatchYears: [],
            voterPrograms: [],
            voterDisciplines: [],
            voterUnitId: null,
          },
        ],
        version: '4071129600.123456',
      },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Council elections 2099' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe(`/elections/${ELECTION_ID}`);
  });

  it("shows the server's refusal, and offers every post while nominations are to come", async () => {
    serve(admin, election({ canManage: true, phase: 'upcoming' }), {
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: 'A time still to come can move to now or later, not into the past.',
        },
      },
    });
    renderApp(EDIT_PATH);
    await screen.findByLabelText(/^Title/, {}, firstRender);
    expect(form().getByRole('group', { name: 'Post 2' })).toBeInTheDocument();
    expect(form().getByLabelText('Nominations open date')).toHaveValue('2099-01-10');
    await userEvent.click(form().getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('A time still to come can move to now or later, not into the past.'),
    ).toBeInTheDocument();
    expect(currentPath()).toBe(EDIT_PATH);
  });

  it('sends a time that passed while the page was open as the election has it, not as typed', async () => {
    const closing = new Date(Date.now() + 1_500);
    closing.setMilliseconds(0);
    const shown = election({
      canManage: true,
      nominationsOpenAt: '2020-01-10T04:30:15.000Z',
      nominationsCloseAt: closing.toISOString(),
    });
    const fetchMock = serve(admin, shown);
    renderApp(EDIT_PATH);
    await screen.findByLabelText(/^Title/, {}, firstRender);
    await userEvent.clear(form().getByLabelText('Nominations close date'));
    await userEvent.type(form().getByLabelText('Nominations close date'), '2099-01-12');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await userEvent.click(form().getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Election updated.');
    const [sent] = sentBodies(fetchMock, 'PUT', `/api/elections/${ELECTION_ID}`) as {
      nominationsCloseAt: string;
    }[];
    expect(sent!.nominationsCloseAt).toBe(closing.toISOString());
  });

  it('lets the officer change the election but not name another officer; others are told who can', async () => {
    serve(officer);
    renderApp(EDIT_PATH);
    await screen.findByLabelText(/^Title/, {}, firstRender);
    expect(form().getByText('Only the administrator names the returning officer.')).toBeInTheDocument();
    expect(form().queryByRole('combobox', { name: /^Returning officer/ })).not.toBeInTheDocument();
  });

  it('tells anyone else who may change it, with no form', async () => {
    serve(student, election({ canManage: false }));
    renderApp(EDIT_PATH);
    expect(
      await screen.findByText(
        'Only the administrator or this election’s officer can do this.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit election' })).not.toBeInTheDocument();
  });

  it('offers "Edit election" on the election page to its managers only', async () => {
    serve(admin);
    const first = renderApp(`/elections/${ELECTION_ID}`);
    expect(await screen.findByRole('link', { name: 'Edit election' }, firstRender)).toHaveAttribute(
      'href',
      EDIT_PATH,
    );
    first.unmount();
    serve(student, election({ canManage: false }));
    renderApp(`/elections/${ELECTION_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Council elections 2099' });
    expect(screen.queryByRole('link', { name: 'Edit election' })).not.toBeInTheDocument();
  });
});
