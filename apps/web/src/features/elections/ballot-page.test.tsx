import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  candidate,
  CULT_POST_ID,
  election,
  ELECTION_ID,
  KAVYA_NOMINATION,
  MEERA_NOMINATION,
  post,
  student,
} from './election-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const electionPath = `/api/elections/${ELECTION_ID}`;
const ballotsPath = `/api/elections/posts/${CULT_POST_ID}/ballots`;
const ballotUrl = `/elections/${ELECTION_ID}/posts/${CULT_POST_ID}/vote`;
const RECEIPT = 'K7QF2-M9XHD-3B4NP-TV8WZ';

/** Voting is open for the cultural post: Rohan, Meera and Kavya accepted, one nomination still filed. */
const votingElection = () =>
  election({
    phase: 'voting',
    posts: [
      post({
        candidates: [
          candidate(),
          candidate({ id: MEERA_NOMINATION, name: 'Meera Iyer' }),
          candidate({ id: KAVYA_NOMINATION, name: 'Kavya Nair' }),
          candidate({ id: '00000000-0000-4000-8000-0000000000c8', name: 'Zoya Khan', status: 'filed' }),
        ],
      }),
    ],
  });

const ranked = () =>
  within(screen.getByRole('list', { name: 'Your ranking' }))
    .getAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);

describe('/elections/{id}/posts/{postId}/vote', { timeout: 30_000 }, () => {
  it('ranks with buttons, reviews the ranking, casts it and shows the receipt once', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      session: student,
      [electionPath]: { body: { election: votingElection() } },
      [`POST ${ballotsPath}`]: { status: 201, body: { receipt: RECEIPT } },
    });
    renderApp(ballotUrl);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Ballot: General Secretary, Cultural Affairs' },
        firstRender,
      ),
    ).toBeInTheDocument();
    const unranked = within(screen.getByRole('list', { name: 'Candidates not ranked' }));
    expect(unranked.getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual([
      'Kavya Nair',
      'Meera Iyer',
      'Rohan Das',
    ]);
    await user.click(unranked.getByRole('button', { name: 'Add as 1st choice: Meera Iyer' }));
    await user.click(screen.getByRole('button', { name: 'Add as 2nd choice: Rohan Das' }));
    await user.click(screen.getByRole('button', { name: 'Add as 3rd choice: Kavya Nair' }));
    expect(ranked()).toEqual(['1st: Meera Iyer', '2nd: Rohan Das', '3rd: Kavya Nair']);
    expect(screen.getByText('Kavya Nair is your 3rd choice.')).toBeInTheDocument();

    // Keyboard: the moved candidate's button keeps the focus.
    screen.getByRole('button', { name: 'Move up: Kavya Nair' }).focus();
    await user.keyboard('{Enter}');
    expect(ranked()).toEqual(['1st: Meera Iyer', '2nd: Kavya Nair', '3rd: Rohan Das']);
    expect(screen.getByRole('button', { name: 'Move up: Kavya Nair' })).toHaveFocus();
    screen.getByRole('button', { name: 'Move down: Meera Iyer' }).focus();
    await user.keyboard('{Enter}');
    expect(ranked()).toEqual(['1st: Kavya Nair', '2nd: Meera Iyer', '3rd: Rohan Das']);
    expect(screen.getByRole('button', { name: 'Move down: Meera Iyer' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove: Rohan Das' }));
    expect(ranked()).toEqual(['1st: Kavya Nair', '2nd: Meera Iyer']);

    await user.click(screen.getByRole('button', { name: 'Review my ballot' }));
    const review = within(screen.getByRole('region', { name: 'Review your ballot' }));
    expect(review.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1st: Kavya Nair',
      '2nd: Meera Iyer',
    ]);
    expect(review.getByText(/Once cast, your ballot cannot be changed\./)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', ballotsPath)).toEqual([]);
    await user.click(review.getByRole('button', { name: 'Cast ballot' }));

    expect(await screen.findByRole('heading', { name: 'Your receipt' })).toHaveFocus();
    expect(sentBodies(fetchMock, 'POST', ballotsPath)).toEqual([
      { ranking: [KAVYA_NOMINATION, MEERA_NOMINATION] },
    ]);
    expect(screen.getByText(RECEIPT)).toHaveClass('font-mono');
    expect(
      screen.getByText(
        'Keep this code. After the close, find it in the published ballots to check that your ballot was counted. It does not show how you voted to anyone else, and it cannot be shown again.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy the receipt' }));
    expect(await navigator.clipboard.readText()).toBe(RECEIPT);
    expect(screen.getByText('Copied.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'see the results' })).toHaveAttribute(
      'href',
      `/elections/${ELECTION_ID}/posts/${CULT_POST_ID}/results`,
    );
    // The receipt and the ranking are kept nowhere but on the page.
    expect({ local: localStorage.length, session: sessionStorage.length }).toEqual({
      local: 0,
      session: 0,
    });
    expect(window.location.href).not.toContain(RECEIPT);
  });

  it('casts none of the above, ranking nobody', async () => {
    const fetchMock = stubApi({
      session: student,
      [electionPath]: { body: { election: votingElection() } },
      [`POST ${ballotsPath}`]: { status: 201, body: { receipt: RECEIPT } },
    });
    renderApp(ballotUrl);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add as 1st choice: Rohan Das' }, firstRender),
    );
    await userEvent.click(screen.getByRole('button', { name: 'None of the above' }));
    const review = within(screen.getByRole('region', { name: 'Review your ballot' }));
    expect(review.getByText(/You rank no one: your ballot counts for/)).toHaveTextContent(
      'You rank no one: your ballot counts for None of the above.',
    );
    await userEvent.click(review.getByRole('button', { name: 'Cast ballot' }));
    expect(await screen.findByText(RECEIPT)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', ballotsPath)).toEqual([{ ranking: [] }]);
  });

  it("shows the server's refusal when the voter has voted already", async () => {
    stubApi({
      session: student,
      [electionPath]: { body: { election: votingElection() } },
      [`POST ${ballotsPath}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'You have already voted for this post.' } },
      },
    });
    renderApp(ballotUrl);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add as 1st choice: Rohan Das' }, firstRender),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Review my ballot' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cast ballot' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already voted for this post.');
    expect(screen.queryByText('Your receipt')).not.toBeInTheDocument();
  });

  it('offers no ballot once one has voted, or outside the voting window', async () => {
    stubApi({
      session: student,
      [electionPath]: {
        body: { election: election({ phase: 'voting', posts: [post({ voted: true })] }) },
      },
    });
    const first = renderApp(ballotUrl);
    expect(
      await screen.findByText('You have voted for this post.', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add as/ })).not.toBeInTheDocument();
    first.unmount();

    stubApi({
      session: student,
      [electionPath]: { body: { election: election({ phase: 'campaigning' }) } },
    });
    renderApp(ballotUrl);
    expect(
      await screen.findByText('Voting for this post is not open.', {}, firstRender),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Voting is open from 20 Jan 2099, 09:00 to 20 Jan 2099, 18:00.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cast ballot' })).not.toBeInTheDocument();
  });
});
