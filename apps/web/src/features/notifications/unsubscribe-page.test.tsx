import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const TOKEN = 'eyJ1IjoiMSJ9.c2lnbmF0dXJl';

describe('/unsubscribe', { timeout: 20_000 }, () => {
  it('unsubscribes a signed-out visitor on a press of the button, and says from what', async () => {
    const fetchMock = stubApi({
      'POST /api/notifications/unsubscribe': {
        body: { kind: 'achievement', email: 'a•••@iitbhilai.ac.in' },
      },
    });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from e-mails' }, firstRender),
    ).toBeInTheDocument();
    // Opening the link alone changes nothing: a mail scanner may open it.
    expect(sentBodies(fetchMock, 'POST', '/api/notifications/unsubscribe')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText(
        'You will no longer receive e-mails about “My achievements verified or declined” (a•••@iitbhilai.ac.in).',
        { normalizer: (text) => text },
      ),
    ).toHaveAttribute('role', 'status');
    expect(sentBodies(fetchMock, 'POST', '/api/notifications/unsubscribe')).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'notification settings' })).toHaveAttribute(
      'href',
      '/notifications/settings',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it("shows the server's message for a link it refuses", async () => {
    stubApi({
      'POST /api/notifications/unsubscribe': {
        status: 400,
        body: { error: { code: 'VALIDATION_ERROR', message: 'This unsubscribe link is not valid.' } },
      },
    });
    renderApp(`/unsubscribe?token=${TOKEN}x`);
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }, firstRender));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('asks nothing of the server without a token', async () => {
    const fetchMock = stubApi({});
    renderApp('/unsubscribe');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'This link is not valid.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(
        '/api/notifications/unsubscribe',
      ),
    );
  });

  it('keeps the button for another try when the server cannot be reached', async () => {
    stubApi({ 'POST /api/notifications/unsubscribe': 'network-error' });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }, firstRender));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not unsubscribe you. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
