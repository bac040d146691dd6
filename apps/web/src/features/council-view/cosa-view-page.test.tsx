import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryPositionList, OfficeBearerList } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const session = { body: { user: makeUser({ role: 'STUDENT', name: 'Asha Verma' }) } };
const UNIT = { id: '00000000-0000-4000-8000-0000000000d1', name: 'Robotics Club' };

const bearers: OfficeBearerList = {
  items: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      name: 'Kabir Sen',
      position: {
        id: '00000000-0000-4000-8000-0000000000c1',
        title: 'Club Coordinator',
        positionType: 'Coordinator',
      },
      unit: UNIT,
      tenureYear: '2026-2027',
      since: '2026-07-15',
    },
  ],
  total: 1,
  overall: 1,
  page: 1,
  pageSize: 20,
  units: [UNIT],
};

const positions: DirectoryPositionList = {
  items: [
    {
      id: '00000000-0000-4000-8000-0000000000c2',
      positionCode: 'POS-00009',
      title: 'Hardware Team Lead',
      positionType: 'Team Lead',
      unit: UNIT,
      description: 'Owns the electronics of the club robots.',
      responsibilities: ['Run the build sessions'],
      requirements: { minCgpa: 6.5, minYear: 2, skillsRequired: ['Arduino'] },
      positionCount: 1,
      filled: 1,
      tenure: '2026-2027',
      gaps: ['Missing required skills: Arduino'],
    },
    {
      id: '00000000-0000-4000-8000-0000000000c3',
      positionCode: 'POS-00011',
      title: 'Volunteer',
      positionType: 'Volunteer',
      unit: UNIT,
      description: null,
      responsibilities: ['Help at events'],
      requirements: { minCgpa: 0, minYear: 1, skillsRequired: [] },
      positionCount: 10,
      filled: 2,
      tenure: '2026-2027',
      gaps: [],
    },
  ],
  total: 2,
  overall: 2,
  page: 1,
  pageSize: 20,
  units: [UNIT],
};

describe('/council (COSA View)', { timeout: 20_000 }, () => {
  it('opens from the student menu and lists the office-bearers, then the positions with the student’s fit', async () => {
    const fetchMock = stubApi({
      session,
      '/api/directory/office-bearers': { body: bearers },
      '/api/directory/positions': { body: positions },
    });
    renderApp('/council');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'COSA View' }, firstRender),
    ).toBeInTheDocument();
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(menu.getByRole('link', { name: 'COSA View' })).toHaveAttribute('href', '/council');

    const card = (await screen.findByRole('heading', { level: 3, name: 'Kabir Sen' })).closest(
      'section',
    )!;
    expect(card).toHaveTextContent('Club Coordinator (Coordinator)');
    expect(card).toHaveTextContent('Robotics Club');
    expect(card).toHaveTextContent('2026-2027');
    expect(card).toHaveTextContent('Appointed Jul 15, 2026');
    expect(screen.getByText('Showing 1 of 1 office-bearers')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Positions' }));
    const lead = (await screen.findByRole('heading', { level: 3, name: 'Hardware Team Lead' })).closest(
      'section',
    )!;
    expect(lead).toHaveTextContent('1 of 1 seat held in 2026-2027');
    expect(lead).toHaveTextContent('Full');
    expect(lead).toHaveTextContent('Your record is short of:Missing required skills: Arduino');
    const volunteer = screen.getByRole('heading', { level: 3, name: 'Volunteer' }).closest('section')!;
    expect(volunteer).toHaveTextContent('2 of 10 seats held in 2026-2027');
    expect(volunteer).toHaveTextContent('Seat free');
    expect(volunteer).toHaveTextContent('Your record meets the requirements.');
    expect(screen.getByText('Showing 2 of 2 positions')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Only positions with a free seat' }));
    const asked = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.startsWith('/api/directory/positions'));
    expect(asked.at(-1)).toBe('/api/directory/positions?page=1&open=true');
  });

  it("shows 'No office-bearers found' and 'Failed to fetch positions' with a retry", async () => {
    stubApi({
      session,
      '/api/directory/office-bearers': { body: { ...bearers, items: [], total: 0 } },
      '/api/directory/positions': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Down' } },
      },
    });
    renderApp('/council');
    expect(
      await screen.findByText('No office-bearers found', undefined, firstRender),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Positions' }));
    expect(await screen.findByText('Failed to fetch positions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});
