import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { eventDetail, TECH_FEST_ID } from './event-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const student = { body: { user: makeUser() } };
const secretary = {
  body: {
    user: makeUser({
      id: '00000000-0000-4000-8000-000000000007',
      role: 'GENSEC_CULTURAL',
      name: 'Ritu Das',
    }),
  },
};
const eventPath = `/api/events/${TECH_FEST_ID}`;
const registrationPath = `/api/events/${TECH_FEST_ID}/registration`;
const decisionPath = `/api/events/${TECH_FEST_ID}/decision`;

const open = eventDetail({
  registrationOpen: true,
  seats: { confirmed: 119, waitlisted: 0, checkedIn: null },
});
const mineConfirmed = {
  id: '00000000-0000-4000-8000-0000000000f1',
  status: 'confirmed' as const,
  waitlistPlace: null,
  confirmedAt: '2026-11-21T05:00:00.000Z',
  promotedAt: null,
  checkedInAt: null,
  paid: false,
};

describe('taking part in an event', { timeout: 20_000 }, () => {
  it('registers a student while seats remain and shows the ticket link', async () => {
    let registered = false;
    const fetchMock = stubApi({
      session: student,
      [eventPath]: () => ({ body: { event: registered ? { ...open, mine: mineConfirmed } : open } }),
      [`POST ${registrationPath}`]: () => {
        registered = true;
        return { status: 201, body: { registration: mineConfirmed } };
      },
    });
    renderApp(`/events/${TECH_FEST_ID}`);
    expect(
      await screen.findByText('119 of 120 seats taken · 1 left', {}, firstRender),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Fee: ₹250, paid to the organisers outside the portal.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('You are registered. Your ticket is ready.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Show my ticket' })).toHaveAttribute(
      'href',
      `/events/${TECH_FEST_ID}/ticket`,
    );
    expect(sentBodies(fetchMock, 'POST', registrationPath)).toHaveLength(1);
  });

  it('offers the waitlist when full, and shows the place in it', async () => {
    const full = eventDetail({
      registrationOpen: true,
      seats: { confirmed: 120, waitlisted: 3, checkedIn: null },
    });
    stubApi({ session: student, [eventPath]: { body: { event: full } } });
    renderApp(`/events/${TECH_FEST_ID}`);
    expect(
      await screen.findByText('120 of 120 seats taken · full · 3 on the waitlist', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();

    stubApi({
      session: student,
      [eventPath]: {
        body: {
          event: {
            ...full,
            mine: { ...mineConfirmed, status: 'waitlisted', waitlistPlace: 4, confirmedAt: null },
          },
        },
      },
    });
    renderApp(`/events/${TECH_FEST_ID}`);
    expect(
      await screen.findByText(
        'You are number 4 on the waitlist. If a seat frees up it is yours at once, and you will be told.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Leave the waitlist' }).length).toBeGreaterThan(0);
  });

  it("shows why a student may not register, and the server's refusal", async () => {
    const limited = eventDetail({
      registrationOpen: true,
      ineligibleReason: 'This event is open only to batch 2025 (your record: 2024).',
    });
    stubApi({ session: student, [eventPath]: { body: { event: limited } } });
    renderApp(`/events/${TECH_FEST_ID}`);
    expect(
      await screen.findByText(
        'This event is open only to batch 2025 (your record: 2024).',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();

    stubApi({
      session: student,
      [eventPath]: { body: { event: open } },
      [`POST ${registrationPath}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Registration is closed.' } },
      },
    });
    renderApp(`/events/${TECH_FEST_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }, firstRender));
    expect(await screen.findByText('Registration is closed.')).toBeInTheDocument();
  });

  it("lets the council's secretary approve a proposal, and asks a reason to send it back", async () => {
    const proposal = eventDetail({ approval: 'proposed', canDecide: true });
    let decided = false;
    const fetchMock = stubApi({
      session: secretary,
      [eventPath]: () => ({
        body: { event: decided ? { ...proposal, approval: 'approved', canDecide: false } : proposal },
      }),
      [`POST ${decisionPath}`]: () => {
        decided = true;
        return {
          body: {
            event: {
              ...proposal,
              approval: 'approved',
              canDecide: false,
              approvalDetail: {
                reason: null,
                decidedBy: 'Ritu Das',
                decidedAt: '2026-11-29T10:00:00.000Z',
              },
            },
          },
        };
      },
    });
    renderApp(`/events/${TECH_FEST_ID}`);
    expect(await screen.findByText('Awaiting approval', {}, firstRender)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask for changes' }));
    expect(screen.getByText('Give a reason the coordinator can act on.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', decisionPath)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Event approved. Students can see it now.')).toBeInTheDocument();
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', decisionPath)).toEqual([{ decision: 'approve' }]),
    );
  });

  it('hides the budget from those who may not see it', async () => {
    stubApi({ session: student, [eventPath]: { body: { event: eventDetail({ budget: null }) } } });
    renderApp(`/events/${TECH_FEST_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Tech Fest' }, firstRender);
    expect(screen.queryByText('Budget allocated')).not.toBeInTheDocument();
  });
});
