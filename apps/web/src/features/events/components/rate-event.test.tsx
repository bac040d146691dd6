import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sentBodies, stubApi } from '../../../../test/render-app';
import { RateEvent } from './rate-event';

const EVENT_ID = '30000000-0000-4000-8000-000000000001';
const RATING_PATH = `/api/events/${EVENT_ID}/rating`;
const rated = {
  status: 201,
  body: {
    rating: { eventId: EVENT_ID, rating: 4, feedbackId: null, createdAt: '2025-08-15T10:00:00.000Z' },
  },
};

function renderForm() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <RateEvent eventId={EVENT_ID} eventTitle="Robotics workshop" />
    </QueryClientProvider>,
  );
}

const form = () => screen.getByRole('form', { name: 'Rate Robotics workshop' });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));

describe('RateEvent', () => {
  it('offers five labelled stars as one radio group, and comments', () => {
    stubApi({});
    renderForm();
    const group = within(form()).getByRole('group', { name: 'Your rating' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual([
      '1 star: Poor',
      '2 stars: Fair',
      '3 stars: Good',
      '4 stars: Very good',
      '5 stars: Excellent',
    ]);
    expect(screen.getByText('Not rated yet')).toBeInTheDocument();
    expect(screen.getByLabelText('Comments (optional)')).toHaveAccessibleDescription(
      "Your comments reach the event's organisers as feedback, with your name.",
    );
  });

  it('asks for a rating before sending anything', async () => {
    const fetchMock = stubApi({ [`POST ${RATING_PATH}`]: rated });
    renderForm();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a rating from 1 to 5.');
    expect(sentBodies(fetchMock, 'POST', RATING_PATH)).toEqual([]);
  });

  it('sends the stars chosen and the comments, then thanks the attendee', async () => {
    const fetchMock = stubApi({ [`POST ${RATING_PATH}`]: rated });
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars: Very good' }));
    expect(screen.getByText('4 of 5: Very good')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Comments (optional)'), 'Loved the hands-on part.');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you: your rating is recorded.');
    expect(sentBodies(fetchMock, 'POST', RATING_PATH)).toEqual([
      { rating: 4, comments: 'Loved the hands-on part.' },
    ]);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('sends no comments when left blank', async () => {
    const fetchMock = stubApi({ [`POST ${RATING_PATH}`]: rated });
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: '1 star: Poor' }));
    await submit();
    await screen.findByRole('status');
    expect(sentBodies(fetchMock, 'POST', RATING_PATH)).toEqual([{ rating: 1 }]);
  });

  it("shows the server's refusal and keeps the form", async () => {
    stubApi({
      [`POST ${RATING_PATH}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'You have already rated this event.' } },
      },
    });
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: '5 stars: Excellent' }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already rated this event.');
    expect(form()).toBeInTheDocument();
  });

  it('says what to do when the connection fails, and sends again on the next press', async () => {
    let offline = true;
    const fetchMock = stubApi({ [`POST ${RATING_PATH}`]: () => (offline ? 'network-error' : rated) });
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: '3 stars: Good' }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
    offline = false;
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you: your rating is recorded.');
    expect(sentBodies(fetchMock, 'POST', RATING_PATH)).toHaveLength(2);
  });
});
