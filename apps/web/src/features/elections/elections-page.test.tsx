import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import { admin, student, summary } from './election-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };

describe('/elections', { timeout: 20_000 }, () => {
  it('lists each election with its phase, tenure and windows on the institute clock, from the menu', async () => {
    stubApi({
      session: student,
      '/api/elections': {
        body: {
          elections: [
            summary(),
            summary({
              id: '00000000-0000-4000-8000-0000000000a2',
              title: 'Quiz Club elections',
              phase: 'certified',
              tenureYear: '2098-2099',
              postCount: 1,
            }),
          ],
        },
      },
    });
    renderApp('/elections');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Elections' }, firstRender),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Elections' });
    const first = within(within(list).getAllByRole('listitem')[0]!);
    expect(first.getByRole('link', { name: 'Council elections 2099' })).toHaveAttribute(
      'href',
      '/elections/00000000-0000-4000-8000-0000000000a1',
    );
    expect(first.getByText('Nominations open')).toBeInTheDocument();
    expect(first.getByText('2026-2027 · 2 posts')).toBeInTheDocument();
    expect(first.getByText('10 Jan 2099, 10:00 – 15 Jan 2099, 18:00')).toBeInTheDocument();
    expect(first.getByText('20 Jan 2099, 09:00 – 18:00')).toBeInTheDocument();
    const second = within(within(list).getAllByRole('listitem')[1]!);
    expect(second.getByText('Result certified')).toBeInTheDocument();
    expect(second.getByText('2098-2099 · 1 post')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New election' })).not.toBeInTheDocument();
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(menu.getByRole('link', { name: 'Elections' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers the administrator a new election, and says when there is none yet', async () => {
    stubApi({ session: admin, '/api/elections': { body: { elections: [] } } });
    renderApp('/elections');
    expect(await screen.findByText('No elections yet', {}, firstRender)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New election' })).toHaveAttribute('href', '/elections/new');
  });

  it('says the list could not be loaded, with a retry', async () => {
    stubApi({
      session: student,
      '/api/elections': { status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } },
    });
    renderApp('/elections');
    expect(
      await screen.findByText(
        'The elections could not be loaded. Check your connection and try again.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
