import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  ASHA_NOMINATION,
  candidate,
  CULT_POST_ID,
  election,
  ELECTION_ID,
  post,
  QUIZ_POST_ID,
  student,
} from './election-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const electionPath = `/api/elections/${ELECTION_ID}`;
const nominationsPath = `/api/elections/${ELECTION_ID}/posts/${CULT_POST_ID}/nominations`;
const postRegion = (name: string) => within(screen.getByRole('region', { name }));
const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('/elections/{id} while nominations are open', { timeout: 30_000 }, () => {
  it('shows the phase, the windows on the institute clock, the tie rule, and each post with who votes and who may stand', async () => {
    stubApi({ session: student, [electionPath]: { body: { election: election() } } });
    renderApp(`/elections/${ELECTION_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Council elections 2099' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('Nominations open', { selector: 'span' })).toBeInTheDocument();
    expect(detail('Nominations open')).toHaveTextContent('10 Jan 2099, 10:00');
    expect(detail('Nominations close')).toHaveTextContent('15 Jan 2099, 18:00');
    expect(detail('Voting opens')).toHaveTextContent('20 Jan 2099, 09:00');
    expect(detail('Voting closes')).toHaveTextContent('20 Jan 2099, 18:00');
    expect(detail('Returning officer')).toHaveTextContent('Meera Iyer');
    expect(screen.getByText('Ties go to the earlier round, then to the draw.')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'https://example.org/rules (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://example.org/rules');

    const cult = postRegion('General Secretary, Cultural Affairs');
    expect(cult.getByText('Cultural Council · 1 seat · counted by instant-runoff')).toBeInTheDocument();
    expect(cult.getByText('Every student')).toBeInTheDocument();
    expect(
      cult
        .getAllByRole('listitem')
        .slice(0, 3)
        .map((item) => item.textContent),
    ).toEqual([
      'A CGPA of at least 6.5',
      'In the 2nd year of study or later',
      'Skills: Event Management',
    ]);
    expect(
      cult.getByText('You may vote for this post when voting opens on 20 Jan 2099, 09:00.'),
    ).toBeInTheDocument();
    const quiz = postRegion('Quizmaster');
    expect(
      quiz.getByText('Quiz Club · 2 seats · counted by single transferable vote'),
    ).toBeInTheDocument();
    expect(quiz.getByText('batch 2024; B.Tech')).toBeInTheDocument();
    expect(quiz.getByText('No candidates yet.')).toBeInTheDocument();
  });

  it('shows a manifesto as text, its web addresses as links and nothing as markup', async () => {
    const manifesto = 'See https://asha.example/plan. <b>bold</b> <img src=x onerror=alert(1)>';
    stubApi({
      session: student,
      [electionPath]: {
        body: { election: election({ posts: [post({ candidates: [candidate({ manifesto })] })] }) },
      },
    });
    renderApp(`/elections/${ELECTION_ID}`);
    const article = await screen.findByRole('article', { name: 'Rohan Das' }, firstRender);
    expect(
      within(article).getByRole('link', { name: /^https:\/\/asha\.example\/plan/ }),
    ).toHaveAttribute('href', 'https://asha.example/plan');
    expect(article).toHaveTextContent('<b>bold</b> <img src=x onerror=alert(1)>');
    expect(article.querySelector('img, b')).toBeNull();
    expect(within(article).getByText('B.Tech, batch 2023')).toBeInTheDocument();
  });

  it('asks for a manifesto and the proposers the post needs, then files the nomination', async () => {
    const fetchMock = stubApi({
      session: student,
      [electionPath]: { body: { election: election() } },
      [`POST ${nominationsPath}`]: { status: 201, body: { candidate: candidate({ mine: true }) } },
      '/api/lookup/users': {
        body: {
          items: [{ id: '00000000-0000-4000-8000-000000000005', label: 'Dev Patel', detail: 'dev' }],
        },
      },
    });
    renderApp(`/elections/${ELECTION_ID}`);
    const form = within(
      await screen.findByRole(
        'form',
        { name: 'Nominate yourself for General Secretary, Cultural Affairs' },
        firstRender,
      ),
    );
    await userEvent.click(form.getByRole('button', { name: 'File my nomination' }));
    expect(await form.findByText('Write your manifesto.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', nominationsPath)).toEqual([]);

    // The quiz post needs two proposers.
    const quiz = within(screen.getByRole('form', { name: 'Nominate yourself for Quizmaster' }));
    await userEvent.type(quiz.getByLabelText(/^Manifesto/), 'Weekly quizzes.');
    await userEvent.click(quiz.getByRole('button', { name: 'File my nomination' }));
    expect(
      await quiz.findByText('This post needs 2 proposers, each an eligible voter other than you.', {
        selector: '[role="alert"]',
      }),
    ).toBeInTheDocument();
    await userEvent.click(await quiz.findByRole('combobox', { name: /^Proposers/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^Dev Patel/ }));
    expect(quiz.getByRole('list', { name: 'Chosen proposers' })).toHaveTextContent('Dev Patel');

    await userEvent.type(form.getByLabelText(/^Manifesto/), 'More jam sessions: https://asha.example');
    await userEvent.click(form.getByRole('button', { name: 'File my nomination' }));
    expect(
      await screen.findByText(
        'Your nomination is filed. The election’s officer will accept or reject it.',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', nominationsPath)).toEqual([
      { manifesto: 'More jam sessions: https://asha.example', proposerIds: [] },
    ]);
    expect(
      sentBodies(fetchMock, 'POST', `/api/elections/${ELECTION_ID}/posts/${QUIZ_POST_ID}/nominations`),
    ).toEqual([]);
  });

  it('shows why one may not stand, and lets a candidate withdraw after asking', async () => {
    const mine = candidate({
      id: ASHA_NOMINATION,
      name: 'Asha Verma',
      status: 'filed',
      mine: true,
      proposers: [{ id: '00000000-0000-4000-8000-000000000005', name: 'Dev Patel' }],
    });
    const withdrawalPath = `/api/elections/nominations/${ASHA_NOMINATION}/withdrawal`;
    const fetchMock = stubApi({
      session: student,
      [electionPath]: {
        body: {
          election: election({
            posts: [
              post({
                candidates: [mine],
                canStand: { ok: false, reason: 'You have already filed a nomination for this post.' },
              }),
              post({
                id: QUIZ_POST_ID,
                positionTitle: 'Quizmaster',
                candidates: [],
                canStand: { ok: false, reason: 'A CGPA of at least 6 is needed (yours is 5.8).' },
              }),
            ],
          }),
        },
      },
      [`POST ${withdrawalPath}`]: { body: { candidate: { ...mine, status: 'withdrawn' } } },
    });
    renderApp(`/elections/${ELECTION_ID}`);
    const quiz = within(await screen.findByRole('region', { name: 'Quizmaster' }, firstRender));
    expect(quiz.getByText('A CGPA of at least 6 is needed (yours is 5.8).')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const own = within(screen.getByRole('article', { name: 'Asha Verma (you)' }));
    expect(own.getByText('Awaiting decision')).toBeInTheDocument();
    expect(own.getByText('Proposed by Dev Patel')).toBeInTheDocument();

    await userEvent.click(
      own.getByRole('button', {
        name: 'Withdraw my nomination for General Secretary, Cultural Affairs',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw your nomination?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'POST', withdrawalPath)).toEqual([]);
    await userEvent.click(own.getByRole('button', { name: /^Withdraw my nomination/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw nomination' }),
    );
    expect(await screen.findByText('Your nomination is withdrawn.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', withdrawalPath)).toHaveLength(1);
  });

  it("says 'Election not found.' when there is no such election", async () => {
    stubApi({
      session: student,
      [electionPath]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Election not found.' } },
      },
    });
    renderApp(`/elections/${ELECTION_ID}`);
    expect(await screen.findByText('Election not found.', {}, firstRender)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to elections' })).toHaveAttribute(
      'href',
      '/elections',
    );
  });
});
