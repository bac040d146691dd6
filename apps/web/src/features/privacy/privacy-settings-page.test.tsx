import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };

const notice = {
  instituteName: 'Indian Institute of Technology Bhilai',
  instituteShortName: 'IIT Bhilai',
  contact: { name: 'Grievance Officer', email: 'privacy@iitbhilai.ac.in', phone: null },
  retention: {
    accessLogDays: 365,
    notificationDays: 180,
    unverifiedAccountDays: 30,
    dataExportHours: 24,
    erasureGraceDays: 30,
  },
};
const accessLog = {
  items: [
    {
      id: 'a1',
      at: '2026-11-20T09:30:00.000Z',
      viewer: { name: 'Rohan Mehta', role: 'GENSEC_SCITECH' },
      kind: 'record',
      cameFrom: '/gensec-endorse',
    },
    {
      id: 'a2',
      at: '2026-11-19T04:00:00.000Z',
      viewer: null,
      kind: 'personal_details',
      cameFrom: null,
    },
  ],
  total: 2,
  overall: 2,
  page: 1,
  pageSize: 10,
};
const readyCopy = {
  id: 'e1',
  status: 'ready',
  requestedAt: '2026-11-27T05:00:00.000Z',
  readyAt: '2026-11-27T05:00:20.000Z',
  expiresAt: '2026-11-28T05:00:20.000Z',
  byteSize: 250_000,
};

function stubPage(replies: Record<string, unknown> = {}) {
  return stubApi({
    session: { body: { user: makeUser() } },
    '/api/privacy/notice': { body: notice },
    'GET /api/me/privacy': {
      body: { showProfile: true, listed: true, showPhone: false, chosenAt: null },
    },
    '/api/me/record-access': { body: accessLog },
    'GET /api/me/data-exports': { body: { items: [readyCopy] } },
    'GET /api/me/erasure': { body: { scheduled: null } },
    ...(replies as Record<string, { body: unknown }>),
  });
}

describe('/settings/privacy', { timeout: 20_000 }, () => {
  it('saves the choices the student changes, and says so', async () => {
    const fetchMock = stubPage({
      'PUT /api/me/privacy': {
        body: {
          showProfile: false,
          listed: true,
          showPhone: false,
          chosenAt: '2026-11-27T06:00:00.000Z',
        },
      },
    });
    renderApp('/settings/privacy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy and your data' }, firstRender),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'You have not made these choices yet. Until you do, other students see your photo and links and find you in search, as before; nobody but you and the administrator sees your mobile number.',
      ),
    ).toBeInTheDocument();
    const show = screen.getByRole('checkbox', {
      name: 'Show my photo and my GitHub and LinkedIn links to other students',
    });
    expect(show).toBeChecked();
    await userEvent.click(show);
    await userEvent.click(screen.getByRole('button', { name: 'Save choices' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', '/api/me/privacy')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'PUT', '/api/me/privacy')[0]).toEqual({
      showProfile: false,
      listed: true,
      showPhone: false,
    });
    expect(await screen.findByText('Your privacy choices are saved.')).toBeInTheDocument();
  });

  it('lists who opened the record, when and from which page', async () => {
    stubPage();
    renderApp('/settings/privacy');
    const list = await screen.findByRole('list', { name: 'Who opened your record' }, firstRender);
    const lines = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Rohan Mehta (General Secretary, Science & Technology)Opened your record20 Nov 2026, 15:00 · from /gensec-endorse',
      'An account that no longer existsOpened your personal details19 Nov 2026, 09:30 · opened directly',
    ]);
  });

  it('asks for a copy of the data and offers the ready one for download', async () => {
    const fetchMock = stubPage({
      'POST /api/me/data-exports': {
        body: {
          ...readyCopy,
          id: 'e2',
          status: 'pending',
          readyAt: null,
          expiresAt: null,
          byteSize: null,
        },
      },
    });
    renderApp('/settings/privacy');
    const link = await screen.findByRole('link', { name: 'Download (ZIP, 244 KB)' }, firstRender);
    expect(link).toHaveAttribute('href', '/api/me/data-exports/e1/archive');
    expect(screen.getByText('until 28 Nov 2026, 10:30')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask for a copy of my data' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/me/data-exports')).toHaveLength(1));
  });

  it('schedules the erasure after a confirmation, then offers to cancel it', async () => {
    let scheduled = false;
    const status = () => ({
      body: {
        scheduled: scheduled
          ? {
              requestedAt: '2026-11-27T06:00:00.000Z',
              dueAt: '2026-12-27T06:00:00.000Z',
              requestedBy: 'self',
            }
          : null,
      },
    });
    const fetchMock = stubApi({
      session: { body: { user: makeUser() } },
      '/api/privacy/notice': { body: notice },
      'GET /api/me/privacy': {
        body: { showProfile: true, listed: true, showPhone: false, chosenAt: null },
      },
      '/api/me/record-access': { body: { ...accessLog, items: [], total: 0, overall: 0 } },
      'GET /api/me/data-exports': { body: { items: [] } },
      'GET /api/me/erasure': status,
      'POST /api/me/erasure': () => {
        scheduled = true;
        return status();
      },
    });
    renderApp('/settings/privacy');
    expect(
      await screen.findByText('No official has opened your record yet.', {}, firstRender),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Erase my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase your account?' });
    expect(dialog).toHaveTextContent(
      'Your account will be erased in 30 days; until then you can sign in and cancel.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase my account' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/me/erasure')).toHaveLength(1));
    expect(
      await screen.findByText('Your account will be erased on 27 Dec 2026. Until then you can cancel.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the erasure' })).toBeInTheDocument();
  });
});
