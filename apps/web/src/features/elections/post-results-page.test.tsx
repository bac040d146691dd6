import { createHash } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import {
  CULT_POST_ID,
  election,
  ELECTION_ID,
  KAVYA_NOMINATION,
  MEERA_NOMINATION,
  NOTA,
  results,
  ROHAN_NOMINATION,
  student,
} from './election-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const resultsPath = `/api/elections/posts/${CULT_POST_ID}/results`;
const resultsUrl = `/elections/${ELECTION_ID}/posts/${CULT_POST_ID}/results`;
const electionReply = { body: { election: election({ phase: 'counting' }) } };

/** The published hash of a receipt, worked out here by hand: SHA-256 of its letters without the dashes. */
const MY_RECEIPT = 'k7qf2-m9xhd 3b4np-tv8wz';
const MY_HASH = createHash('sha256').update('K7QF2M9XHD3B4NPTV8WZ').digest('hex');

const rowCells = (table: HTMLElement, name: string) =>
  within(within(table).getByRole('rowheader', { name }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/elections/{id}/posts/{postId}/results', { timeout: 30_000 }, () => {
  it('shows the method, who was elected, the count round by round and the turnout', async () => {
    stubApi({
      session: student,
      [`/api/elections/${ELECTION_ID}`]: electionReply,
      [resultsPath]: { body: results() },
    });
    renderApp(resultsUrl);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Results: General Secretary, Cultural Affairs' },
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Elected' })).getByText('Rohan Das'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Instant-runoff voting\. Each ballot counts/)).toBeInTheDocument();
    expect(screen.getByText('More than half of the continuing votes')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Votes in each round' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Candidate', 'Round 1', 'Round 2', 'Round 3']);
    expect(rowCells(table, 'Rohan Das (elected)')).toEqual(['4', '4', '6']);
    expect(rowCells(table, 'Kavya Nair')).toEqual(['2', '2', '–not counted']);
    expect(rowCells(table, 'None of the above')).toEqual(['1', '–not counted', '–not counted']);
    expect(rowCells(table, 'Exhausted')).toEqual(['0', '1', '1']);
    expect(rowCells(table, 'Outcome')).toEqual([
      'Excluded: None of the above.',
      'Excluded: Kavya Nair.',
      'Elected: Rohan Das.',
    ]);

    const turnout = within(screen.getByRole('region', { name: 'Turnout' }));
    expect(turnout.getByText('10 of 40 eligible voters voted (25%).')).toBeInTheDocument();
    expect(rowCells(screen.getByRole('table', { name: 'By batch' }), '2024')).toEqual(['fewer than 5']);
    expect(rowCells(screen.getByRole('table', { name: 'By program' }), 'B.Tech')).toEqual(['10']);
    expect(screen.getByRole('link', { name: 'Download ballots (CSV)' })).toHaveAttribute(
      'href',
      `/api/elections/posts/${CULT_POST_ID}/ballots/export`,
    );
  });

  it('names an STV count, its quota, surpluses at their value and ties', async () => {
    stubApi({
      session: student,
      [`/api/elections/${ELECTION_ID}`]: electionReply,
      [resultsPath]: {
        body: results({
          method: 'stv-wigm',
          quota: 4,
          post: { id: CULT_POST_ID, electionId: ELECTION_ID, positionTitle: 'Quizmaster', seats: 2 },
          elected: [ROHAN_NOMINATION, MEERA_NOMINATION],
          rounds: [
            {
              number: 1,
              votes: { [ROHAN_NOMINATION]: 6, [MEERA_NOMINATION]: 2, [KAVYA_NOMINATION]: 2, [NOTA]: 0 },
              exhausted: 0,
              actions: [
                { kind: 'elected', candidates: [ROHAN_NOMINATION] },
                { kind: 'surplus', candidate: ROHAN_NOMINATION, transferValue: 0.33333 },
              ],
              tie: { candidates: [MEERA_NOMINATION, KAVYA_NOMINATION], settledBy: 'draw' },
            },
          ],
        }),
      },
    });
    renderApp(resultsUrl);
    expect(
      await screen.findByText(
        /^Single transferable vote, by the Weighted Inclusive Gregory Method, with a Droop quota\./,
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^The quota: 4 votes/)).toBeInTheDocument();
    expect(rowCells(screen.getByRole('table', { name: 'Votes in each round' }), 'Outcome')).toEqual([
      'Elected: Rohan Das.Surplus of Rohan Das transferred at value 0.33333.Tie between Meera Iyer and Kavya Nair, settled by the draw.',
    ]);
  });

  it("finds the voter's ballot by the receipt's hash, worked out in the browser, and says when it is not there", async () => {
    const ballots = [
      { receiptHash: '0'.repeat(64), ranking: [NOTA] },
      { receiptHash: MY_HASH, ranking: [MEERA_NOMINATION, ROHAN_NOMINATION] },
    ];
    stubApi({
      session: student,
      [`/api/elections/${ELECTION_ID}`]: electionReply,
      [resultsPath]: { body: results({ ballots }) },
    });
    renderApp(resultsUrl);
    const check = within(await screen.findByRole('form', { name: 'Check your receipt' }, firstRender));
    await userEvent.type(check.getByLabelText('Receipt code'), 'AAAAA-BBBBB');
    await userEvent.click(check.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('No ballot with this receipt is in the published list.'),
    ).toBeInTheDocument();

    await userEvent.clear(check.getByLabelText('Receipt code'));
    await userEvent.type(check.getByLabelText('Receipt code'), MY_RECEIPT);
    await userEvent.click(check.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('Your ballot is in the published list, counted as shown.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Your ballot as counted' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Meera Iyer', 'Rohan Das']);

    const list = within(screen.getByRole('list', { name: 'Ballots' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `${'0'.repeat(64)}None of the above`,
      `${MY_HASH}Meera Iyer, then Rohan Das`,
    ]);
  });

  it('pages through thousands of ballots fifty at a time', async () => {
    const ballots = Array.from({ length: 120 }, (_, n) => ({
      receiptHash: n.toString(16).padStart(64, '0'),
      ranking: [ROHAN_NOMINATION],
    }));
    stubApi({
      session: student,
      [`/api/elections/${ELECTION_ID}`]: electionReply,
      [resultsPath]: { body: results({ ballots }) },
    });
    renderApp(resultsUrl);
    const list = await screen.findByRole('list', { name: 'Ballots' }, firstRender);
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(screen.getByRole('list', { name: 'Ballots' })).getAllByRole('listitem')).toHaveLength(
      20,
    );
    expect(screen.getByRole('list', { name: 'Ballots' })).toHaveAttribute('start', '101');
  });

  it("shows the server's word before the close", async () => {
    stubApi({
      session: student,
      [`/api/elections/${ELECTION_ID}`]: { body: { election: election({ phase: 'voting' }) } },
      [resultsPath]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'The count and the ballots are published once the vote has closed.',
          },
        },
      },
    });
    renderApp(resultsUrl);
    expect(
      await screen.findByText(
        'The count and the ballots are published once the vote has closed.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
