import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };

const saved: NotificationPreferences = {
  deliveries: {
    achievement: 'instant',
    skill: 'instant',
    position: 'app',
    feedback: 'instant',
    appointment: 'instant',
    booking: 'digest',
    queue: 'digest',
    announcement: 'app',
    identity: 'instant',
    event: 'instant',
    club: 'instant',
    election: 'digest',
    money: 'instant',
    privacy: 'instant',
  },
  push: {
    achievement: true,
    skill: true,
    position: true,
    feedback: true,
    appointment: true,
    booking: true,
    queue: false,
    announcement: false,
    identity: true,
    event: true,
    club: false,
    election: true,
    money: true,
    privacy: true,
  },
  digestHour: 18,
};

/** No device of the person has push on (the card above the form asks for them). */
const noDevices = { body: { devices: [] } };

/** Each kind's label and the delivery chosen for it, as the form shows them. */
function choices(): Array<[string, string]> {
  return screen.getAllByRole('combobox').map((select) => {
    const label = document.querySelector(`label[for="${select.id}"]`)?.textContent ?? '';
    return [label, (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? ''];
  });
}

describe('/notifications/settings', { timeout: 20_000 }, () => {
  it("shows a student each kind they can receive with its choice, and the digest's hour on the institute clock", async () => {
    stubApi({
      session: { body: { user: makeUser() } },
      '/api/notification-preferences': { body: saved },
      '/api/me/push-devices': noDevices,
    });
    renderApp('/notifications/settings');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notification settings' }, firstRender),
    ).toBeInTheDocument();
    await screen.findByRole('form', { name: 'Notification settings' });
    expect(choices()).toEqual([
      ['My achievements verified or declined', 'E-mail at once'],
      ['My skills endorsed or declined', 'E-mail at once'],
      ['My declared positions verified or declined', 'In the portal only'],
      ['My feedback resolved', 'E-mail at once'],
      ['Appointments to a position', 'E-mail at once'],
      ['Announcements', 'In the portal only'],
      ['My institute record corrected or my Student ID settled', 'E-mail at once'],
      [
        'Events: my seats and the waitlist, changes, reminders and decisions on proposals',
        'E-mail at once',
      ],
      ['Clubs: join requests, invitations and my memberships', 'E-mail at once'],
      [
        'Elections: nominations and voting open, my nomination decided, a reminder to vote, results',
        'Daily e-mail digest',
      ],
      [
        'Club money: claims waiting for my decision or payment, and my claims decided, paid or withdrawn',
        'E-mail at once',
      ],
      ['My data: a copy ready, my account’s erasure scheduled or cancelled', 'E-mail at once'],
      ['Daily digest at', '18:00'],
    ]);
    expect(
      screen.getByRole('checkbox', { name: 'Push: My achievements verified or declined' }),
    ).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Push: Announcements' })).not.toBeChecked();
    expect(
      screen.getByRole('checkbox', {
        name: 'Push: Clubs: join requests, invitations and my memberships',
      }),
    ).not.toBeChecked();
    expect(screen.getAllByRole('checkbox', { name: /^Push: / })).toHaveLength(12);
    const options = Array.from(
      (screen.getByLabelText('My achievements verified or declined') as HTMLSelectElement).options,
    ).map((option) => option.textContent);
    expect(options).toEqual(['In the portal only', 'E-mail at once', 'Daily e-mail digest']);
    const hours = Array.from(
      (screen.getByLabelText('Daily digest at') as HTMLSelectElement).options,
    ).map((option) => option.textContent);
    expect(hours).toHaveLength(24);
    expect([hours[0], hours[7], hours[23]]).toEqual(['00:00', '07:00', '23:00']);
    expect(screen.getByLabelText('Daily digest at')).toHaveAccessibleDescription(
      expect.stringContaining('Institute time (Asia/Kolkata)'),
    );
  });

  it('shows a club coordinator what waits for review, but not room bookings, which they cannot make', async () => {
    stubApi({
      session: { body: { user: makeUser({ role: 'CLUB_COORDINATOR' }) } },
      '/api/notification-preferences': { body: saved },
      '/api/me/push-devices': noDevices,
    });
    renderApp('/notifications/settings');
    await screen.findByRole('form', { name: 'Notification settings' }, firstRender);
    const labels = choices().map(([label]) => label);
    expect(labels).toContain('What waits for my review or decision');
    expect(labels).not.toContain('My room bookings approved or rejected');
    expect(labels).toContain('Clubs: join requests, invitations and my memberships');
    expect(labels).toHaveLength(14);
  });

  it('shows the administrator only the kinds an administrator is sent', async () => {
    stubApi({
      session: {
        body: { user: makeUser({ role: 'ADMIN', studentId: null, onboardingComplete: false }) },
      },
      '/api/notification-preferences': { body: saved },
      '/api/me/push-devices': noDevices,
    });
    renderApp('/notifications/settings');
    await screen.findByRole('form', { name: 'Notification settings' }, firstRender);
    expect(choices().map(([label]) => label)).toEqual([
      'My feedback resolved',
      'What waits for my review or decision',
      'Club money: claims waiting for my decision or payment, and my claims decided, paid or withdrawn',
      'Daily digest at',
    ]);
  });

  it('shows an official what waits for review too', async () => {
    stubApi({
      session: { body: { user: makeUser({ role: 'GENSEC_SCITECH' }) } },
      '/api/notification-preferences': { body: saved },
      '/api/me/push-devices': noDevices,
    });
    renderApp('/notifications/settings');
    await screen.findByRole('form', { name: 'Notification settings' }, firstRender);
    expect(choices()).toContainEqual(['What waits for my review or decision', 'Daily e-mail digest']);
    expect(choices()).toHaveLength(15);
  });

  it('saves the choices of the kinds shown and the hour, and says so', async () => {
    const fetchMock = stubApi({
      session: { body: { user: makeUser() } },
      '/api/notification-preferences': { body: saved },
      '/api/me/push-devices': noDevices,
      'PATCH /api/notification-preferences': {
        body: {
          ...saved,
          deliveries: { ...saved.deliveries, achievement: 'digest', announcement: 'instant' },
          digestHour: 7,
        },
      },
    });
    renderApp('/notifications/settings');
    await screen.findByRole('form', { name: 'Notification settings' }, firstRender);
    await userEvent.selectOptions(
      screen.getByLabelText('My achievements verified or declined'),
      'Daily e-mail digest',
    );
    await userEvent.selectOptions(screen.getByLabelText('Announcements'), 'E-mail at once');
    await userEvent.selectOptions(screen.getByLabelText('Daily digest at'), '07:00');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Push: Announcements' }));
    await userEvent.click(
      screen.getByRole('checkbox', {
        name: 'Push: Clubs: join requests, invitations and my memberships',
      }),
    );
    await userEvent.click(
      screen.getByRole('checkbox', {
        name: 'Push: Elections: nominations and voting open, my nomination decided, a reminder to vote, results',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PATCH', '/api/notification-preferences')).toHaveLength(1),
    );
    expect(sentBodies(fetchMock, 'PATCH', '/api/notification-preferences')[0]).toEqual({
      deliveries: {
        achievement: 'digest',
        skill: 'instant',
        position: 'app',
        feedback: 'instant',
        appointment: 'instant',
        announcement: 'instant',
        identity: 'instant',
        event: 'instant',
        club: 'instant',
        election: 'digest',
        money: 'instant',
        privacy: 'instant',
      },
      push: {
        achievement: true,
        skill: true,
        position: true,
        feedback: true,
        appointment: true,
        announcement: true,
        identity: true,
        event: true,
        club: true,
        election: false,
        money: true,
        privacy: true,
      },
      digestHour: 7,
    });
    expect(await screen.findByText('Your notification settings are saved.')).toBeInTheDocument();
  });

  it("puts the server's field messages under their fields", async () => {
    stubApi({
      session: { body: { user: makeUser() } },
      '/api/notification-preferences': { body: saved },
      '/api/me/push-devices': noDevices,
      'PATCH /api/notification-preferences': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Some fields need attention.',
            fields: {
              digestHour: 'Choose an hour.',
              'deliveries.announcement': 'Choose how this reaches you.',
            },
          },
        },
      },
    });
    renderApp('/notifications/settings');
    await screen.findByRole('form', { name: 'Notification settings' }, firstRender);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some fields need attention.')).toBeInTheDocument();
    expect(screen.getByLabelText('Daily digest at')).toHaveAccessibleDescription(
      expect.stringContaining('Choose an hour.'),
    );
    expect(screen.getByLabelText('Announcements')).toHaveAccessibleDescription(
      'Choose how this reaches you.',
    );
    expect(screen.getByLabelText('Announcements')).toHaveFocus();
  });

  it('says the settings could not be loaded, with Retry', async () => {
    stubApi({
      session: { body: { user: makeUser() } },
      '/api/notification-preferences': {
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } },
      },
      '/api/me/push-devices': noDevices,
    });
    renderApp('/notifications/settings');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'Your notification settings could not be loaded. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
