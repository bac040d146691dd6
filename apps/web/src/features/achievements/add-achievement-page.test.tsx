import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Achievement, AchievementList } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const session = { body: { user: makeUser() } };
const eventId = '00000000-0000-4000-8000-0000000000f1';

const previous: AchievementList = {
  items: [],
  total: 2,
  overall: 2,
  page: 1,
  pageSize: 1,
  facets: { categories: ['Hackathon', 'Olympiad'], levels: ['national', 'zonal'] },
};
const created: Achievement = {
  id: '00000000-0000-4000-8000-0000000000a1',
  achievementCode: 'ACH-0003',
  title: 'Smart India Hackathon',
  description: null,
  category: 'Hackathon',
  type: 'technical',
  level: null,
  event: null,
  dateAchieved: '2025-03-05',
  position: null,
  certificateUrl: null,
  verified: false,
  verifiedBy: null,
  verifiedAt: null,
  declineReason: null,
  version: 1,
  history: [],
  createdAt: '2025-03-06T04:30:00.000Z',
};

function serve(
  post: Parameters<typeof stubApi>[0][string] = { status: 201, body: { achievement: created } },
) {
  return stubApi({
    session,
    'GET /api/me/achievements': { body: previous },
    'POST /api/me/achievements': post,
    '/api/lookup/events': {
      body: {
        items: [
          { id: eventId, label: 'Smart India Hackathon 2025', detail: 'Mar 5, 2025' },
          { id: '00000000-0000-4000-8000-0000000000f2', label: 'Inter IIT Cultural Meet', detail: null },
        ],
      },
    },
  });
}

const field = (label: RegExp) => screen.getByLabelText(label);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit Achievement' }));

async function fillRequired({
  title = 'Smart India Hackathon',
  category = 'Hackathon',
  type = 'technical',
  date = '2025-03-05',
} = {}) {
  await userEvent.type(await screen.findByLabelText(/^Title/, {}, firstRender), title);
  await userEvent.type(field(/^Category/), category);
  await userEvent.selectOptions(field(/^Type/), type);
  await userEvent.type(field(/^Date achieved/), date);
}

describe('/add-achievement', { timeout: 20_000 }, () => {
  it('shows the review note and every field, labelled', async () => {
    serve();
    renderApp('/add-achievement');
    expect(
      await screen.findByText(
        'Your achievement will be reviewed for verification before it is published to your profile.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Achievement' })).toBeInTheDocument();
    for (const label of [
      /^Title/,
      /^Description/,
      /^Category/,
      /^Type/,
      /^Level/,
      /^Date achieved/,
      /^Position/,
      /^Certificate URL/,
    ]) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: /^Event/ })).toBeInTheDocument();
    expect(field(/^Date achieved/)).toHaveAttribute('type', 'date');
    const type = within(field(/^Type/));
    for (const name of ['Academic', 'Cultural', 'Sports', 'Technical', 'Other'])
      expect(type.getByRole('option', { name })).toBeInTheDocument();
  });

  it("suggests the levels of the spec and the student's own categories and levels", async () => {
    serve();
    renderApp('/add-achievement');
    const level = await screen.findByLabelText(/^Level/, {}, firstRender);
    const suggestions = (input: HTMLElement) =>
      [...document.getElementById(input.getAttribute('list')!)!.querySelectorAll('option')].map(
        (option) => option.value,
      );
    await waitFor(() =>
      expect(suggestions(level)).toEqual([
        'international',
        'national',
        'state',
        'district',
        'college',
        'zonal',
      ]),
    );
    expect(suggestions(field(/^Category/))).toEqual(['Hackathon', 'Olympiad']);
  });

  it('names every missing required field and sends nothing', async () => {
    const fetchMock = serve();
    renderApp('/add-achievement');
    await screen.findByLabelText(/^Title/, {}, firstRender);
    await submit();
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(screen.getByText('Type is required')).toBeInTheDocument();
    expect(screen.getByText('Date achieved is required')).toBeInTheDocument();
    expect(field(/^Title/)).toHaveAccessibleDescription('Title is required');
    expect(sentBodies(fetchMock, 'POST', '/api/me/achievements')).toEqual([]);
  });

  it.each(['ftp://files.example.org/certificate.pdf', 'javascript:alert(1)', 'certificate.pdf'])(
    'refuses the certificate URL %s',
    async (url) => {
      const fetchMock = serve();
      renderApp('/add-achievement');
      await fillRequired();
      await userEvent.type(field(/^Certificate URL/), url);
      await submit();
      expect(
        await screen.findByText('Certificate URL must be a valid http or https address'),
      ).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'POST', '/api/me/achievements')).toEqual([]);
    },
  );

  it('refuses a date in the future', async () => {
    const fetchMock = serve();
    renderApp('/add-achievement');
    await fillRequired({ date: '2099-01-01' });
    await submit();
    expect(await screen.findByText('Date achieved cannot be in the future')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/achievements')).toEqual([]);
  });

  it('submits every field, says so and clears the form', async () => {
    const fetchMock = serve();
    renderApp('/add-achievement');
    await fillRequired();
    await userEvent.type(field(/^Description/), 'Built a campus navigation app.');
    await userEvent.type(field(/^Level/), 'national');
    await userEvent.click(screen.getByRole('combobox', { name: /^Event/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^Smart India Hackathon 2025/ }));
    await userEvent.type(field(/^Position/), 'Winner');
    await userEvent.type(field(/^Certificate URL/), 'https://certificates.example.org/sih-2025.pdf');
    await submit();

    expect(await screen.findByText('Achievement submitted successfully!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/achievements')).toEqual([
      {
        title: 'Smart India Hackathon',
        description: 'Built a campus navigation app.',
        category: 'Hackathon',
        type: 'technical',
        level: 'national',
        eventId: '00000000-0000-4000-8000-0000000000f1',
        dateAchieved: '2025-03-05',
        position: 'Winner',
        certificateUrl: 'https://certificates.example.org/sih-2025.pdf',
      },
    ]);
    await waitFor(() => expect(field(/^Title/)).toHaveValue(''));
    for (const label of [
      /^Description/,
      /^Category/,
      /^Type/,
      /^Level/,
      /^Date achieved/,
      /^Position/,
      /^Certificate URL/,
    ])
      expect(field(label)).toHaveValue('');
    // The event picker's text follows its cleared choice a render later (on a busy machine, later
    // still: over a second in CI's first pass).
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Event/ })).toHaveValue(''), {
      timeout: 5_000,
    });
  });

  it('sends blank optional fields as null and never an owner or a verification', async () => {
    const fetchMock = serve();
    renderApp('/add-achievement');
    await fillRequired({
      title: '  Chess Olympiad  ',
      category: 'Olympiad',
      type: 'sports',
      date: '2024-12-20',
    });
    await submit();
    expect(await screen.findByText('Achievement submitted successfully!')).toBeInTheDocument();
    const [body] = sentBodies(fetchMock, 'POST', '/api/me/achievements');
    expect(body).toEqual({
      title: 'Chess Olympiad',
      description: null,
      category: 'Olympiad',
      type: 'sports',
      level: null,
      eventId: null,
      dateAchieved: '2024-12-20',
      position: null,
      certificateUrl: null,
    });
    for (const key of ['user_id', 'userId', 'verified', 'verifiedBy', 'verified_by'])
      expect(body).not.toHaveProperty(key);
  });

  it("shows 'Error submitting achievement: ' with the server's message and its field messages", async () => {
    serve({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please check the highlighted fields.',
          fields: { eventId: 'Please choose an event from the list.' },
        },
      },
    });
    renderApp('/add-achievement');
    await fillRequired();
    await submit();
    expect(
      await screen.findByText('Error submitting achievement: Please check the highlighted fields.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Event/ })).toHaveAccessibleDescription(
      expect.stringContaining('Please choose an event from the list.'),
    );
    expect(field(/^Title/)).toHaveValue('Smart India Hackathon');
  });

  it("falls back to 'Failed to submit achievement' when the server fails", async () => {
    serve({ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } });
    renderApp('/add-achievement');
    await fillRequired();
    await submit();
    expect(
      await screen.findByText('Error submitting achievement: Failed to submit achievement'),
    ).toBeInTheDocument();
  });
});
