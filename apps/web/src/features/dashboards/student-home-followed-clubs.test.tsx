import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HomeDashboard } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';
import { dashboard } from './home-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };

const following: HomeDashboard = {
  ...dashboard,
  followedClubEvents: [
    {
      id: 'e5',
      title: 'Code sprint',
      description: 'Six hours of problems.',
      category: 'technical',
      unitName: 'Coding Club',
      // 15:30 in Asia/Kolkata
      start: '2030-03-01T10:00:00.000Z',
      end: '2030-03-01T13:00:00.000Z',
    },
    {
      id: 'e6',
      title: 'Spring play',
      description: null,
      category: 'cultural',
      unitName: 'Drama Club',
      start: '2030-03-05T13:30:00.000Z',
      end: null,
    },
  ],
};

const session = { body: { user: makeUser() } };

describe('/home: from clubs you follow', { timeout: 20_000 }, () => {
  it('lists the followed clubs’ next events, each with its club and start, linking to its page', async () => {
    stubApi({ session, '/api/me/dashboard': { body: following } });
    renderApp('/home');
    const section = await screen.findByRole('region', { name: 'From clubs you follow' }, firstRender);
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Code sprint' })).toHaveAttribute(
      'href',
      '/events/e5',
    );
    expect(within(items[0]!).getByText(/Coding Club/)).toBeInTheDocument();
    expect(within(items[0]!).getByText('1 Mar 2030, 15:30')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Spring play' })).toHaveAttribute(
      'href',
      '/events/e6',
    );
    expect(within(items[1]!).getByText('5 Mar 2030, 19:00')).toBeInTheDocument();
    // The home's own sections stay.
    expect(screen.getByRole('region', { name: 'Upcoming Events' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Quick Actions' })).toBeInTheDocument();
  });

  it('shows no such section when the followed clubs have nothing coming', async () => {
    stubApi({ session, '/api/me/dashboard': { body: { ...following, followedClubEvents: [] } } });
    renderApp('/home');
    expect(
      await screen.findByRole('region', { name: 'Upcoming Events' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'From clubs you follow' })).not.toBeInTheDocument();
    expect(screen.queryByText('From clubs you follow')).not.toBeInTheDocument();
  });
});
