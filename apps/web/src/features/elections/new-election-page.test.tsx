import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { currentPath, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { admin, election, ELECTION_ID } from './election-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const CULT_POSITION = '00000000-0000-4000-8000-0000000000d1';
const QUIZ_POSITION = '00000000-0000-4000-8000-0000000000d2';
const QUIZ_CLUB = '00000000-0000-4000-8000-0000000000e1';
const MEERA = '00000000-0000-4000-8000-000000000009';

function serve(
  post: Parameters<typeof stubApi>[0][string] = { status: 201, body: { election: election() } },
) {
  return stubApi({
    session: admin,
    'POST /api/elections': post,
    [`/api/elections/${ELECTION_ID}`]: { body: { election: election() } },
    '/api/lookup/positions': {
      body: {
        items: [
          {
            id: CULT_POSITION,
            label: 'General Secretary, Cultural Affairs',
            detail: 'Cultural Council',
          },
          { id: QUIZ_POSITION, label: 'Quizmaster', detail: 'Quiz Club' },
        ],
      },
    },
    '/api/lookup/units': { body: { items: [{ id: QUIZ_CLUB, label: 'Quiz Club', detail: 'club' }] } },
    '/api/lookup/users': { body: { items: [{ id: MEERA, label: 'Meera Iyer', detail: 'meera' }] } },
  });
}

const form = () => within(screen.getByRole('form', { name: 'New election' }));
const postGroup = (n: number) => within(screen.getByRole('group', { name: `Post ${n}` }));
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create election' }));

async function choose(scope: ReturnType<typeof within>, picker: RegExp, option: RegExp) {
  await userEvent.click(await scope.findByRole('combobox', { name: picker }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Types each window's date and time (on the institute's clock). */
async function fillWindows(windows: Record<string, [string, string]>) {
  for (const [label, [date, time]] of Object.entries(windows)) {
    await userEvent.clear(form().getByLabelText(`${label} date`));
    await userEvent.type(form().getByLabelText(`${label} date`), date);
    await userEvent.clear(form().getByLabelText(`${label} time`));
    await userEvent.type(form().getByLabelText(`${label} time`), time);
  }
}

const WINDOWS: Record<string, [string, string]> = {
  'Nominations open': ['2099-01-10', '10:00'],
  'Nominations close': ['2099-01-15', '18:00'],
  'Voting opens': ['2099-01-20', '09:00'],
  'Voting closes': ['2099-01-20', '18:00'],
};

describe('/elections/new', { timeout: 40_000 }, () => {
  it('names each refused field with the rules of the server, and sends nothing', async () => {
    const fetchMock = serve();
    renderApp('/elections/new');
    await screen.findByRole('heading', { level: 1, name: 'New election' }, firstRender);
    await userEvent.clear(await form().findByLabelText(/^Tenure/));
    await userEvent.type(form().getByLabelText(/^Tenure/), '2099-2101');
    await submit();
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expect(form().getByLabelText(/^Title/)).toHaveAccessibleDescription('Title is required.');
    expect(
      screen.getByText('Tenure must be two consecutive years, such as 2026-2027.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Enter a valid date and time.')).toHaveLength(4);
    await userEvent.clear(form().getByLabelText(/^Tenure/));
    await userEvent.type(form().getByLabelText(/^Tenure/), '2098-2099');
    await submit();
    expect(
      await screen.findByText('Tenure must start in 2016 or later, and at most two years from now.'),
    ).toBeInTheDocument();
    expect(await postGroup(1).findByRole('combobox', { name: /^Position/ })).toHaveAccessibleDescription(
      'Please choose a position from the list.',
    );

    await fillWindows({ ...WINDOWS, 'Voting closes': ['2099-01-19', '18:00'] });
    await userEvent.clear(postGroup(1).getByLabelText(/^Seats/));
    await userEvent.type(postGroup(1).getByLabelText(/^Seats/), '0');
    await choose(postGroup(1), /^Position/, /^Quizmaster/);
    await userEvent.click(screen.getByRole('button', { name: 'Add a post' }));
    await choose(postGroup(2), /^Position/, /^Quizmaster/);
    await submit();
    expect(
      await screen.findByText(
        'Nominations must open before they close, close no later than voting opens, and voting must open before it closes.',
      ),
    ).toBeInTheDocument();
    expect(form().getByLabelText('Voting closes date')).toHaveAccessibleDescription(
      'Nominations must open before they close, close no later than voting opens, and voting must open before it closes.',
    );
    expect(postGroup(1).getByText('Seats must be a whole number from 1 to 20.')).toBeInTheDocument();
    expect(
      screen.getByText('Each position can be a post of the election only once.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/elections')).toEqual([]);
  });

  it('sends the election with its windows as instants and two posts, then opens its page', async () => {
    const fetchMock = serve();
    renderApp('/elections/new');
    await userEvent.type(
      await screen.findByLabelText(/^Title/, {}, firstRender),
      'Council elections 2099',
    );
    await userEvent.clear(form().getByLabelText(/^Tenure/));
    await userEvent.type(form().getByLabelText(/^Tenure/), '2026-2027');
    await choose(form(), /^Returning officer/, /^Meera Iyer/);
    await fillWindows(WINDOWS);
    await choose(postGroup(1), /^Position/, /^General Secretary, Cultural Affairs/);
    await userEvent.click(screen.getByRole('button', { name: 'Add a post' }));
    const quiz = postGroup(2);
    await choose(quiz, /^Position/, /^Quizmaster/);
    await userEvent.clear(quiz.getByLabelText(/^Seats/));
    await userEvent.type(quiz.getByLabelText(/^Seats/), '2');
    await userEvent.clear(quiz.getByLabelText(/^Proposers needed/));
    await userEvent.type(quiz.getByLabelText(/^Proposers needed/), '2');
    await userEvent.type(quiz.getByLabelText(/^Batch years/), '2024, 2025');
    await userEvent.click(
      within(quiz.getByRole('group', { name: 'Programs' })).getByLabelText('B.Tech'),
    );
    await userEvent.click(quiz.getByLabelText('Computer Science & Engineering'));
    await choose(quiz, /^Members of a club or council/, /^Quiz Club/);
    await submit();

    expect(await screen.findByText('Election created. Students see it now.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/elections')).toEqual([
      {
        title: 'Council elections 2099',
        description: '',
        tenureYear: '2026-2027',
        officerId: MEERA,
        nominationsOpenAt: '2099-01-10T04:30:00.000Z',
        nominationsCloseAt: '2099-01-15T12:30:00.000Z',
        votingOpenAt: '2099-01-20T03:30:00.000Z',
        votingCloseAt: '2099-01-20T12:30:00.000Z',
        posts: [
          {
            positionId: CULT_POSITION,
            seats: 1,
            voterBatchYears: [],
            voterPrograms: [],
            voterDisciplines: [],
            voterUnitId: null,
            proposersNeeded: 0,
          },
          {
            positionId: QUIZ_POSITION,
            seats: 2,
            voterBatchYears: [2024, 2025],
            voterPrograms: ['B.Tech'],
            voterDisciplines: ['Computer Science & Engineering'],
            voterUnitId: QUIZ_CLUB,
            proposersNeeded: 2,
          },
        ],
      },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Council elections 2099' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe(`/elections/${ELECTION_ID}`);
  });

  it("puts the server's field messages under their fields", async () => {
    serve({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Please correct the highlighted fields.',
          fields: {
            nominationsOpenAt: 'Nominations cannot open in the past.',
            'posts.0.positionId': 'This position is retired and cannot be elected.',
          },
        },
      },
    });
    renderApp('/elections/new');
    await userEvent.type(
      await screen.findByLabelText(/^Title/, {}, firstRender),
      'Council elections 2099',
    );
    await fillWindows(WINDOWS);
    await choose(postGroup(1), /^Position/, /^Quizmaster/);
    await submit();
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(form().getByLabelText('Nominations open date')).toHaveAccessibleDescription(
      'Nominations cannot open in the past.',
    );
    expect(postGroup(1).getByRole('combobox', { name: /^Position/ })).toHaveAccessibleDescription(
      'This position is retired and cannot be elected.',
    );
  });
});
