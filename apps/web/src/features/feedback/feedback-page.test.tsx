import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

const session = { body: { user: makeUser() } };
const firstRender = { timeout: 10_000 };

const USER_ID = '50000000-0000-4000-8000-000000000001';
const EVENT_ID = '50000000-0000-4000-8000-000000000002';
const UNIT_ID = '50000000-0000-4000-8000-000000000003';
const POSITION_ID = '50000000-0000-4000-8000-000000000004';

const lookups = {
  '/api/lookup/users': { body: { items: [{ id: USER_ID, label: 'Rohan Mehta', detail: '12340002' }] } },
  '/api/lookup/events': { body: { items: [{ id: EVENT_ID, label: 'Spring Fest', detail: null }] } },
  '/api/lookup/units': { body: { items: [{ id: UNIT_ID, label: 'Robotics Club', detail: null }] } },
  '/api/lookup/positions': {
    body: { items: [{ id: POSITION_ID, label: 'Cultural Secretary', detail: 'Cultural Council' }] },
  },
};

const submitted = {
  status: 201,
  body: {
    feedback: {
      id: '60000000-0000-4000-8000-000000000001',
      isAnonymous: false,
      createdAt: '2026-01-10T10:00:00.000Z',
    },
  },
};

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));
const target = () => screen.getByRole('combobox', { name: 'Target' });

async function chooseTarget(targetType: string, option: string) {
  await userEvent.selectOptions(screen.getByLabelText(/^Target type/), targetType);
  await userEvent.click(target());
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(option) }));
}

/** The lookup kinds the target picker asked the server for, oldest first. */
function lookedUp(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost').pathname)
    .filter((path) => path.startsWith('/api/lookup/'))
    .map((path) => path.replace('/api/lookup/', ''));
}

beforeAll(loadPages, 30_000);

describe('/feedback', { timeout: 20_000 }, () => {
  it('shows the feedback type, target type, target, rating, comments and anonymous fields', async () => {
    stubApi({ session });
    renderApp('/feedback');
    const type = await screen.findByLabelText(/^Feedback type/, {}, firstRender);
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select feedback type',
      'Suggestion',
      'Complaint',
      'General Feedback',
      'Query',
      'Appreciation',
      'Report',
      'Other',
    ]);
    const targetType = screen.getByLabelText(/^Target type/);
    expect(
      within(targetType)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select target type', 'User', 'Event', 'Club/Organization', 'POR']);
    expect(target()).toBeDisabled();
    const rating = screen.getByRole('group', { name: 'Rating' });
    expect(rating).toHaveTextContent(/^Rating\*/);
    expect(
      within(rating)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(screen.getByLabelText(/^Comments/).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('checkbox', { name: 'Submit anonymously' })).toHaveAccessibleDescription(
      'Your name is not shown to anyone, officials included.',
    );
  });

  it('shows the required messages under the fields, leaves the rating optional, and sends nothing', async () => {
    const fetchMock = stubApi({ session });
    renderApp('/feedback');
    await screen.findByLabelText(/^Feedback type/, {}, firstRender);
    await submit();
    expect(await screen.findByText('Feedback type is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Feedback type/)).toHaveAccessibleDescription(
      'Feedback type is required',
    );
    expect(screen.getByText('Target type is required')).toBeInTheDocument();
    expect(screen.getByText('Target is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Comments/)).toHaveAccessibleDescription('Comments are required');
    expect(screen.queryByText(/Rating must be/)).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/feedback')).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText(/^Feedback type/), 'Query');
    expect(screen.queryByText('Feedback type is required')).not.toBeInTheDocument();
    expect(screen.getByText('Comments are required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Comments/), 'x');
    expect(screen.queryByText('Comments are required')).not.toBeInTheDocument();
  });

  it.each([
    ['User', 'users', 'Rohan Mehta'],
    ['Event', 'events', 'Spring Fest'],
    ['Club/Organization', 'units', 'Robotics Club'],
    ['POR', 'positions', 'Cultural Secretary'],
  ])('lists the targets of target type %s from the %s lookup', async (targetType, kind, label) => {
    const fetchMock = stubApi({ session, ...lookups });
    renderApp('/feedback');
    await screen.findByLabelText(/^Target type/, {}, firstRender);
    await chooseTarget(targetType, label);
    expect(target()).toHaveValue(label);
    expect(lookedUp(fetchMock)).toEqual([kind]);
  });

  it('clears the chosen target when the target type changes', async () => {
    const fetchMock = stubApi({ session, ...lookups, '/api/feedback': submitted });
    renderApp('/feedback');
    await screen.findByLabelText(/^Target type/, {}, firstRender);
    await chooseTarget('User', 'Rohan Mehta');
    await userEvent.selectOptions(screen.getByLabelText(/^Target type/), 'Event');
    expect(target()).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText(/^Feedback type/), 'Suggestion');
    await userEvent.type(screen.getByLabelText(/^Comments/), 'More seats please');
    await submit();
    expect(await screen.findByText('Target is required')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/feedback')).toEqual([]);
  });

  it("sends the feedback without a rating or an author, says 'Feedback submitted successfully' and resets the form", async () => {
    const fetchMock = stubApi({ session, ...lookups, '/api/feedback': submitted });
    renderApp('/feedback');
    await screen.findByLabelText(/^Feedback type/, {}, firstRender);
    await userEvent.selectOptions(screen.getByLabelText(/^Feedback type/), 'Complaint');
    await chooseTarget('Event', 'Spring Fest');
    await userEvent.type(screen.getByLabelText(/^Comments/), 'The queue was too long');
    await submit();
    expect(await screen.findByText('Feedback submitted successfully')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/feedback')).toEqual([
      {
        type: 'Complaint',
        targetType: 'Event',
        targetId: EVENT_ID,
        comments: 'The queue was too long',
        isAnonymous: false,
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText(/^Feedback type/)).toHaveValue(''));
    expect(screen.getByLabelText(/^Target type/)).toHaveValue('');
    expect(target()).toHaveValue('');
    expect(target()).toBeDisabled();
    expect(screen.getByLabelText(/^Comments/)).toHaveValue('');
  });

  it('sends the chosen rating and the anonymous choice', async () => {
    const fetchMock = stubApi({ session, ...lookups, '/api/feedback': submitted });
    renderApp('/feedback');
    await screen.findByLabelText(/^Feedback type/, {}, firstRender);
    await userEvent.selectOptions(screen.getByLabelText(/^Feedback type/), 'Appreciation');
    await chooseTarget('POR', 'Cultural Secretary');
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByText('4 of 5')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Comments/), 'Great work');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Submit anonymously' }));
    await submit();
    expect(await screen.findByText('Feedback submitted successfully')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/feedback')).toEqual([
      {
        type: 'Appreciation',
        targetType: 'POR',
        targetId: POSITION_ID,
        rating: 4,
        comments: 'Great work',
        isAnonymous: true,
      },
    ]);
  });

  it("says 'Failed to submit feedback' and keeps what was typed when the server fails", async () => {
    stubApi({
      session,
      ...lookups,
      '/api/feedback': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } },
      },
    });
    renderApp('/feedback');
    await screen.findByLabelText(/^Feedback type/, {}, firstRender);
    await userEvent.selectOptions(screen.getByLabelText(/^Feedback type/), 'Query');
    await chooseTarget('Club/Organization', 'Robotics Club');
    await userEvent.type(screen.getByLabelText(/^Comments/), 'When do auditions open?');
    await submit();
    expect(await screen.findByText('Failed to submit feedback')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Comments/)).toHaveValue('When do auditions open?');
    expect(target()).toHaveValue('Robotics Club');
  });
});
