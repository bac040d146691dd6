import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PositionRow } from '@cosa/contracts';
import { loadActionsMenu } from '../../components/ui/actions-menu';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(async () => {
  await loadPages();
  // The cards' "More actions" menu comes after the page, when the browser is idle: here, at once.
  await loadActionsMenu();
}, 30_000);

const firstRender = { timeout: 10_000 };
const session = { body: { user: makeUser({ role: 'PRESIDENT', name: 'Meera Iyer' }) } };
const ID = '00000000-0000-4000-8000-0000000000c7';
const position: PositionRow = {
  id: ID,
  positionCode: 'POS-00007',
  title: 'Quiz Lead',
  unit: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Quiz Club', category: 'cultural' },
  positionType: 'Team Lead',
  positionCount: 1,
  description: 'Sets the quizzes.',
  responsibilities: ['Set the questions'],
  requirements: { minCgpa: 7, minYear: 2, skillsRequired: ['Trivia'] },
  activeHolders: 0,
  tenure: '2026-2027',
  holders: 0,
  retiredAt: null,
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  canChange: true,
  changeNote: null,
};
const list = {
  body: {
    items: [position],
    total: 1,
    overall: 1,
    page: 1,
    pageSize: 20,
    departments: [],
    types: [],
    scope: { club: null, unlinked: false },
  },
};

describe('/cosa: Delete sits in a "More actions" menu and asks first', { timeout: 30_000 }, () => {
  it('shows no Delete button on the card; the menu offers Edit, Retire and Delete', async () => {
    stubApi({ session, '/api/positions': list });
    renderApp('/cosa');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Quiz Lead' }, firstRender);
    const card = within(heading.closest('li')!);
    expect(card.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    const more = card.getByRole('button', { name: 'More actions for Quiz Lead' });
    await userEvent.click(more);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Retire', 'Delete']);
    // Escape closes the menu and nothing else happens.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Keep it deletes nothing and returns focus to the menu; Delete position deletes once', async () => {
    const fetchMock = stubApi({
      session,
      '/api/positions': list,
      [`DELETE /api/positions/${ID}`]: { status: 204, body: null },
    });
    renderApp('/cosa');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Quiz Lead' }, firstRender);
    const more = within(heading.closest('li')!).getByRole('button', {
      name: 'More actions for Quiz Lead',
    });
    await userEvent.click(more);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete Quiz Lead?' }));
    expect(dialog.getByText('The position is removed for good.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(more).toHaveFocus());
    expect(sentBodies(fetchMock, 'DELETE', `/api/positions/${ID}`)).toEqual([]);

    // The keyboard reaches Delete too: Enter opens the menu, the arrows move, Enter chooses.
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    dialog = within(await screen.findByRole('dialog', { name: 'Delete Quiz Lead?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete position' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'DELETE', `/api/positions/${ID}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
