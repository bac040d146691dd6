import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { toast } from '../../lib/toast';
import {
  callsTo,
  debateWin,
  firstRender,
  gensecSession,
  guitarClaim,
  kathakClaim,
  listRequests,
  outcome,
  pendingList,
} from './test-fixtures';

beforeAll(loadPages, 30_000);
afterEach(() => toast.dismiss());

const BULK = '/api/endorsements/user-skills/bulk-endorse';
const undoOf = (id: string) => `/api/endorsements/user-skills/${id}/undo`;
const counts = { body: { userSkills: 2, skills: 0, achievements: 7, positions: 1 } };

describe('/gensec-endorse: counts, search, evidence, several at once, undo', { timeout: 30_000 }, () => {
  it('shows on each tab how many items await the official', async () => {
    stubApi({
      session: gensecSession,
      '/api/endorsements/counts': counts,
      '/api/endorsements/user-skills': pendingList([guitarClaim, kathakClaim]),
    });
    renderApp('/gensec-endorse');
    await screen.findByRole('article', { name: 'Guitar' }, firstRender);
    // The count is drawn beside the tab's name (generated content, which the test DOM does not draw).
    const shown = () =>
      screen
        .getAllByRole('tab')
        .map((tab) => [tab.textContent, tab.querySelector('[data-count]')?.getAttribute('data-count')]);
    await waitFor(() =>
      expect(shown()).toEqual([
        ['User Skills', '2'],
        ['Skills', '0'],
        ['Achievements', '7'],
        ['Positions', '1'],
      ]),
    );
  });

  it('sends the search and the filters to the server and keeps them in the address', async () => {
    const fetchMock = stubApi({
      session: gensecSession,
      '/api/endorsements/achievements': pendingList([debateWin]),
    });
    renderApp('/gensec-endorse?tab=achievements');
    await screen.findByRole('article', { name: 'Inter-college debate' }, firstRender);

    await userEvent.type(within(screen.getByRole('main')).getByLabelText('Search'), 'asha');
    await waitFor(() =>
      expect(listRequests(fetchMock, 'achievements').at(-1)).toEqual({
        page: '1',
        pageSize: '20',
        q: 'asha',
      }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Level'), 'National');
    await userEvent.type(screen.getByLabelText('Submitted from'), '2025-02-01');
    await userEvent.type(screen.getByLabelText('Submitted to'), '2025-02-28');
    await waitFor(() =>
      expect(listRequests(fetchMock, 'achievements').at(-1)).toEqual({
        page: '1',
        pageSize: '20',
        q: 'asha',
        level: 'national',
        from: '2025-02-01',
        to: '2025-02-28',
      }),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/endorsements/achievements/export?q=asha&level=national&from=2025-02-01&to=2025-02-28',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() =>
      expect(listRequests(fetchMock, 'achievements').at(-1)).toEqual({ page: '1', pageSize: '20' }),
    );
  });

  it('says when nothing matches a search, rather than that everything is endorsed', async () => {
    stubApi({ session: gensecSession, '/api/endorsements/user-skills': pendingList([]) });
    renderApp('/gensec-endorse?q=zzz');
    expect(
      await screen.findByText('Nothing matches this search and these filters.', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByText('All user skills endorsed!')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByLabelText('Search')).toHaveValue('zzz');
  });

  it("links the student's name to their record and shows the evidence with the event linked", async () => {
    stubApi({ session: gensecSession, '/api/endorsements/achievements': pendingList([debateWin]) });
    renderApp('/gensec-endorse?tab=achievements');
    const card = within(
      await screen.findByRole('article', { name: 'Inter-college debate' }, firstRender),
    );
    expect(card.getByRole('link', { name: 'Asha Verma' })).toHaveAttribute(
      'href',
      '/people/00000000-0000-4000-8000-000000000011',
    );
    expect(card.getByRole('link', { name: 'Spandan 2025' })).toHaveAttribute(
      'href',
      '/events/00000000-0000-4000-8000-0000000000f1',
    );
    expect(card.getByText('Won the final on climate policy.')).toBeInTheDocument();
    expect(card.getByText('14 Feb 2025')).toBeInTheDocument();
    expect(card.getByRole('link', { name: /^View Certificate/ })).toHaveAttribute(
      'href',
      'https://certificates.example.org/debate.pdf',
    );
  });

  it('endorses the selected items at once, tells of each refusal, and undoes them on Undo', async () => {
    let endorsed = false;
    const fetchMock = stubApi({
      session: gensecSession,
      '/api/endorsements/user-skills': () =>
        pendingList(endorsed ? [kathakClaim] : [guitarClaim, kathakClaim]),
      [`POST ${BULK}`]: () => {
        endorsed = true;
        return {
          body: {
            results: [
              { id: guitarClaim.id, outcome: outcome(guitarClaim.id).body, refused: null },
              {
                id: kathakClaim.id,
                outcome: null,
                refused: { status: 409, message: 'This item was already endorsed by another official.' },
              },
            ],
          },
        };
      },
      [`POST ${undoOf(guitarClaim.id)}`]: { body: { id: guitarClaim.id, status: 'pending' } },
    });
    renderApp('/gensec-endorse');
    await screen.findByRole('article', { name: 'Guitar' }, firstRender);
    const endorseSelected = screen.getByRole('button', { name: 'Endorse selected' });
    expect(endorseSelected).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Guitar by Asha Verma' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Kathak by Kabir Singh' }));
    expect(screen.getByText('2 selected of 2 awaiting')).toBeInTheDocument();
    await userEvent.click(endorseSelected);

    expect(await screen.findByText('1 endorsed.')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Kathak by Kabir Singh: This item was already endorsed by another official.',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', BULK)).toEqual([{ ids: [guitarClaim.id, kathakClaim.id] }]);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Guitar' })).not.toBeInTheDocument(),
    );

    endorsed = false;
    // The toast's own pointer handlers need a real browser: a click without pointer events.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: the item is back on the list.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', undoOf(guitarClaim.id))).toBe(1);
    expect(callsTo(fetchMock, 'POST', undoOf(kathakClaim.id))).toBe(0);
    expect(await screen.findByRole('article', { name: 'Guitar' })).toBeInTheDocument();
  });

  it("offers Undo after a single endorsement and shows the server's refusal when it is too late", async () => {
    const fetchMock = stubApi({
      session: gensecSession,
      '/api/endorsements/user-skills': pendingList([guitarClaim]),
      [`POST /api/endorsements/user-skills/${guitarClaim.id}/endorse`]: outcome(guitarClaim.id),
      [`POST ${undoOf(guitarClaim.id)}`]: {
        status: 409,
        body: {
          error: { code: 'CONFLICT', message: 'A decision can be undone only within 30 seconds.' },
        },
      },
    });
    renderApp('/gensec-endorse');
    await screen.findByRole('article', { name: 'Guitar' }, firstRender);
    await userEvent.click(screen.getByRole('button', { name: 'Endorse Guitar by Asha Verma' }));
    expect(await screen.findByText('Skill endorsed.')).toBeInTheDocument();
    // The toast's own pointer handlers need a real browser: a click without pointer events.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('A decision can be undone only within 30 seconds.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', undoOf(guitarClaim.id))).toBe(1);
  });
});
