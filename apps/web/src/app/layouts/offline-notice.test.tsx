import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { OfflineNotice } from './offline-notice';

/** The server's answers as the service worker gives them: its copy, saved at `asOf`, or fresh. */
function answerWith(asOf: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response('{"items":[]}', {
          status: 200,
          headers: {
            'content-type': 'application/json',
            ...(asOf ? { 'x-offline-as-of': asOf } : {}),
          },
        }),
    ),
  );
}

function goOffline(offline: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => !offline });
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

function renderNotice() {
  render(
    <MemoryRouter initialEntries={['/events/mine']}>
      <Link to="/notifications">Notifications</Link>
      <OfflineNotice />
    </MemoryRouter>,
  );
  return screen.getByRole('status');
}

describe('the offline notice', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 19:30 in Kolkata, the institute's clock.
    vi.setSystemTime(new Date('2026-03-12T14:00:00Z'));
  });
  afterEach(() => {
    act(() => goOffline(false));
    vi.useRealTimers();
  });

  it('says nothing online, with the server answering', async () => {
    const notice = renderNotice();
    answerWith(null);
    await act(() => apiRequest('/api/me/registrations'));
    expect(notice).toBeEmptyDOMElement();
  });

  it('says the device is offline and how old the page is, by the time its copy was saved', async () => {
    const notice = renderNotice();
    act(() => goOffline(true));
    expect(notice).toHaveTextContent(/^You are offline\.$/);
    answerWith('2026-03-12T12:34:00.000Z');
    await act(() => apiRequest('/api/me/registrations'));
    expect(notice).toHaveTextContent(/^You are offline\. This page is as of 18:04\.$/);
    // The oldest copy on the page is the one it is as of.
    answerWith('2026-03-12T12:04:00.000Z');
    await act(() => apiRequest('/api/me/calendar-feed'));
    expect(notice).toHaveTextContent(/^You are offline\. This page is as of 17:34\.$/);
  });

  it('gives the date too for a copy of an earlier day, and says the portal could not be reached when online', async () => {
    const notice = renderNotice();
    answerWith('2026-03-10T12:34:00.000Z');
    await act(() => apiRequest('/api/me/registrations'));
    expect(notice).toHaveTextContent(
      /^The portal could not be reached\. This page is as of 10 Mar 2026, 18:04\.$/,
    );
  });

  it("leaves out the shell's own reads, and starts afresh on another page and when the connection is back", async () => {
    const notice = renderNotice();
    act(() => goOffline(true));
    answerWith('2026-03-12T12:34:00.000Z');
    await act(() => apiRequest('/api/auth/session'));
    await act(() => apiRequest('/api/config'));
    expect(notice).toHaveTextContent(/^You are offline\.$/);
    await act(() => apiRequest('/api/me/registrations'));
    expect(notice).toHaveTextContent('This page is as of 18:04.');
    await userEvent.click(screen.getByRole('link', { name: 'Notifications' }));
    expect(notice).toHaveTextContent(/^You are offline\.$/);
    await act(() => apiRequest('/api/notifications'));
    expect(notice).toHaveTextContent('This page is as of 18:04.');
    act(() => goOffline(false));
    expect(notice).toBeEmptyDOMElement();
  });
});
