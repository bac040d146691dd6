import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { makeUser, sentBodies, stubApi, testShell } from '../../../test/render-app';
import { CalendarFeedCard } from './components/calendar-feed-card';
import { UnitFeedLink } from './components/unit-feed-link';

const FEED = '/api/me/calendar-feed';
const ADDRESS =
  'https://cosa.iitbhilai.ac.in/api/calendar/feeds/Zq3_secretSECRETsecretSECRETsecretSECRET1234.ics';
const NEW_ADDRESS =
  'https://cosa.iitbhilai.ac.in/api/calendar/feeds/Nw9_anotherANOTHERanotherANOTHERanother12345.ics';
const none = { active: false, createdAt: null, url: null };
const on = { active: true, createdAt: '2026-12-01T04:30:00.000Z', url: null };

function renderCard(node = <CalendarFeedCard timeZone="Asia/Kolkata" />) {
  const { shell, client } = testShell();
  shell.session.set(makeUser());
  render(
    <AppProviders shell={shell}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </AppProviders>,
  );
}

const card = () => within(screen.getByRole('region', { name: 'Your calendar' }));

describe('the "Your calendar" card', () => {
  it('explains the private feed, makes its address, shows it once and copies it', async () => {
    let made = false;
    const fetchMock = stubApi({
      [FEED]: () => ({ body: made ? on : none }),
      [`POST ${FEED}`]: () => {
        made = true;
        return { body: { ...on, url: ADDRESS } };
      },
    });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderCard();
    await screen.findByRole('button', { name: 'Make my calendar address' });
    expect(
      card().getByText(
        /See the events you registered for, and those of the clubs you follow, in Google Calendar, Outlook or your phone's calendar/,
      ),
    ).toBeInTheDocument();
    expect(card().queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.click(card().getByRole('button', { name: 'Make my calendar address' }));
    const box = await card().findByRole('textbox', { name: 'Your private calendar address' });
    expect(box).toHaveValue(ADDRESS);
    expect(box).toHaveAttribute('readonly');
    expect(box).toHaveAccessibleDescription(
      'Private: anyone with this address sees the events you registered for and the clubs you follow. It is shown only now; if you lose it, make a new one.',
    );
    expect(card().getByText('Google Calendar: Other calendars, then From URL.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', FEED)).toHaveLength(1);

    await userEvent.click(card().getByRole('button', { name: 'Copy your private calendar address' }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await screen.findByText('Calendar address copied.')).toBeInTheDocument();
    expect(
      card().getByRole('button', { name: 'Copied your private calendar address' }),
    ).toBeInTheDocument();
  });

  it('says since when a feed is on, without its address, and makes a new one after asking', async () => {
    const fetchMock = stubApi({
      [FEED]: { body: on },
      [`POST ${FEED}`]: { body: { ...on, createdAt: '2026-12-02T04:30:00.000Z', url: NEW_ADDRESS } },
    });
    renderCard();
    expect(
      await card().findByText(
        'Your calendar feed is on: its address was made 1 Dec 2026, 10:00 and shown then. If you no longer have it, make a new one.',
      ),
    ).toBeInTheDocument();
    expect(card().queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.click(card().getByRole('button', { name: 'Make a new address' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Make a new calendar address?' }));
    expect(
      dialog.getByText(
        'Your current address stops working at once: calendars that use it stop updating until you add the new one.',
      ),
    ).toBeInTheDocument();
    // Keeping it changes nothing.
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(sentBodies(fetchMock, 'POST', FEED)).toHaveLength(0);

    await userEvent.click(card().getByRole('button', { name: 'Make a new address' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Make a new calendar address?' })).getByRole(
        'button',
        { name: 'Make a new address' },
      ),
    );
    expect(await card().findByRole('textbox', { name: 'Your private calendar address' })).toHaveValue(
      NEW_ADDRESS,
    );
    expect(sentBodies(fetchMock, 'POST', FEED)).toHaveLength(1);
  });

  it('stops the feed after asking, then offers to make an address again', async () => {
    const fetchMock = stubApi({ [FEED]: { body: on }, [`DELETE ${FEED}`]: { body: none } });
    renderCard();
    await userEvent.click(await card().findByRole('button', { name: 'Stop the feed' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stop your calendar feed?' }));
    expect(
      dialog.getByText(
        'Its address stops working at once, and your calendar program no longer gets your events. You can make a new address later.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Stop the feed' }));
    expect(await screen.findByText('Your calendar feed is stopped.')).toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Make my calendar address' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'DELETE', FEED)).toHaveLength(1);
  });

  it("shows the server's reason when no address could be made", async () => {
    stubApi({
      [FEED]: { body: none },
      [`POST ${FEED}`]: {
        status: 429,
        body: {
          error: {
            code: 'TOO_MANY_REQUESTS',
            message: 'Too many attempts. Please wait 5 minutes and try again.',
          },
        },
      },
    });
    renderCard();
    await userEvent.click(await card().findByRole('button', { name: 'Make my calendar address' }));
    expect(await card().findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 5 minutes and try again.',
    );
    expect(card().queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('offers a retry when the feed could not be loaded', async () => {
    let fail = true;
    stubApi({ [FEED]: () => (fail ? { status: 500, body: {} } : { body: none }) });
    renderCard();
    expect(await card().findByRole('alert')).toHaveTextContent(
      'Your calendar feed could not be loaded. Check your connection and try again.',
    );
    fail = false;
    await userEvent.click(card().getByRole('button', { name: 'Retry' }));
    expect(await card().findByRole('button', { name: 'Make my calendar address' })).toBeInTheDocument();
  });
});

describe("a unit's calendar link", () => {
  it("gives the unit's public feed address to copy", async () => {
    stubApi({});
    renderCard(<UnitFeedLink unitId="6f1c2a9e-0000-4000-8000-000000000007" unitName="Music Club" />);
    await userEvent.click(screen.getByText("Subscribe to Music Club's calendar"));
    expect(screen.getByRole('textbox', { name: 'Calendar address of Music Club' })).toHaveValue(
      'http://localhost:3000/api/calendar/units/6f1c2a9e-0000-4000-8000-000000000007.ics',
    );
    expect(screen.getByText(/A council's calendar holds its clubs' events too\./)).toBeInTheDocument();
  });
});
