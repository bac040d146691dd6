import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import {
  complaint,
  feedbackItem,
  feedbackPage,
  officialSession,
  query,
  studentSession,
} from './view-feedback-fixtures';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const article = (heading: RegExp | string) =>
  screen.getByRole('heading', { name: heading }).closest('article')!;
const card = (heading: RegExp | string) => within(article(heading));

describe('/viewfeedback: the cards', { timeout: 20_000 }, () => {
  it('names the target, the author, the date in the institute time zone and the rating', async () => {
    stubApi({
      session: officialSession,
      '/api/feedback': feedbackPage([complaint, query], { resolver: true }),
    });
    renderApp('/viewfeedback');
    await screen.findByRole('heading', { name: /^Complaint/ }, firstRender);
    const first = card(/^Complaint/);
    expect(first.getByText('Event: Spring Fest (Cultural Council)')).toBeInTheDocument();
    expect(first.getByText('Rohan Mehta (rohan)')).toBeInTheDocument();
    expect(first.getByText('6 Mar 2025')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(first.getByText('The queue at the gate was too long.')).toBeInTheDocument();
    expect(article(/^Complaint/)).not.toHaveTextContent(complaint.id);

    const second = card(/^Query/);
    expect(second.getByText('Club/Organization: Robotics Club')).toBeInTheDocument();
    expect(second.getByText('Not rated')).toBeInTheDocument();
  });

  it("says 'You sent this anonymously' on the student's own anonymous feedback and 'Anonymous' on anyone else's", async () => {
    const mine = feedbackItem({
      id: '70000000-0000-4000-8000-0000000000a1',
      type: 'Report',
      isAnonymous: true,
      author: null,
      mine: true,
    });
    const theirs = feedbackItem({
      id: '70000000-0000-4000-8000-0000000000a2',
      type: 'Other',
      isAnonymous: true,
      author: null,
      mine: false,
    });
    stubApi({
      session: officialSession,
      '/api/feedback': feedbackPage([mine, theirs], { resolver: true }),
    });
    renderApp('/viewfeedback');
    await screen.findByRole('heading', { name: /^Report/ }, firstRender);
    expect(card(/^Report/).getByText('You sent this anonymously')).toBeInTheDocument();
    expect(card(/^Other/).getByText('Anonymous')).toBeInTheDocument();
    expect(screen.queryByText(/Asha Verma/)).not.toBeInTheDocument();
  });

  it('cuts a comment longer than 200 characters, with View More and View Less', async () => {
    const exactly200 = `${'Lights '.repeat(28)}done`;
    const longer = `${'Seats! '.repeat(28)}four. And the rest`;
    expect([exactly200.length, longer.length]).toEqual([200, 214]);
    const fits = feedbackItem({
      id: '70000000-0000-4000-8000-0000000000b1',
      type: 'Appreciation',
      comments: exactly200,
    });
    const long = feedbackItem({
      id: '70000000-0000-4000-8000-0000000000b2',
      type: 'Complaint',
      comments: longer,
    });
    stubApi({ session: studentSession, '/api/feedback': feedbackPage([fits, long]) });
    renderApp('/viewfeedback');
    await screen.findByRole('heading', { name: /^Appreciation/ }, firstRender);
    expect(card(/^Appreciation/).getByText(exactly200)).toBeInTheDocument();
    expect(card(/^Appreciation/).queryByRole('button', { name: 'View More' })).not.toBeInTheDocument();

    const longCard = card(/^Complaint/);
    expect(longCard.getByText(`${'Seats! '.repeat(28)}four...`)).toBeInTheDocument();
    const more = longCard.getByRole('button', { name: 'View More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(longCard.getByText(longer)).toBeInTheDocument();
    expect(longCard.getByRole('button', { name: 'View Less' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(longCard.getByRole('button', { name: 'View Less' }));
    expect(longCard.getByText(`${'Seats! '.repeat(28)}four...`)).toBeInTheDocument();
  });

  it("shows 'Awaiting Resolution' to a student on unresolved feedback, with no way to resolve it", async () => {
    stubApi({ session: studentSession, '/api/feedback': feedbackPage([query]) });
    renderApp('/viewfeedback');
    await screen.findByRole('heading', { name: /^Query/ }, firstRender);
    expect(card(/^Query/).getByText('Awaiting Resolution')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Resolved' })).not.toBeInTheDocument();
  });

  it("shows 'Resolved' with the actions taken, cut at 250 characters, who resolved it and when, or 'No actions recorded'", async () => {
    const actions250 = `${'Fixed the lights. '.repeat(13)}Fixed the doors.`;
    const actions260 = `${'Fixed the lights. '.repeat(13)}Fixed the doors. More text`;
    expect([actions250.length, actions260.length]).toEqual([250, 260]);
    const withActions = feedbackItem({
      id: '70000000-0000-4000-8000-0000000000d1',
      type: 'Complaint',
      isResolved: true,
      actionsTaken: actions250,
      resolvedBy: { name: 'Ishita Reddy' },
      // 01:00 on 11 March in Asia/Kolkata
      resolvedAt: '2025-03-10T19:30:00.000Z',
    });
    const longActions = feedbackItem({
      id: '70000000-0000-4000-8000-0000000000d2',
      type: 'Report',
      isResolved: true,
      actionsTaken: actions260,
    });
    const noActions = feedbackItem({
      id: '70000000-0000-4000-8000-0000000000d3',
      type: 'Suggestion',
      isResolved: true,
      actionsTaken: '',
    });
    stubApi({
      session: studentSession,
      '/api/feedback': feedbackPage([withActions, longActions, noActions]),
    });
    renderApp('/viewfeedback');
    await screen.findByRole('heading', { name: /^Complaint/ }, firstRender);

    const first = card(/^Complaint/);
    expect(first.getByText('Resolved')).toBeInTheDocument();
    expect(first.getByText(actions250)).toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'View More' })).not.toBeInTheDocument();
    expect(first.getByText(/^Resolved by Ishita Reddy on/)).toHaveTextContent(
      'Resolved by Ishita Reddy on 11 Mar 2025',
    );
    expect(first.queryByText('Awaiting Resolution')).not.toBeInTheDocument();

    const second = card(/^Report/);
    expect(second.getByText(`${actions250}...`)).toBeInTheDocument();
    await userEvent.click(second.getByRole('button', { name: 'View More' }));
    expect(second.getByText(actions260)).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'View Less' })).toHaveAttribute('aria-expanded', 'true');

    const third = card(/^Suggestion/);
    expect(third.getByText('Resolved')).toBeInTheDocument();
    expect(third.getByText('No actions recorded')).toBeInTheDocument();
  });

  it("says 'No feedbacks found' when there is none", async () => {
    stubApi({
      session: studentSession,
      '/api/feedback': feedbackPage([], { counts: { all: 0, resolved: 0, unresolved: 0 } }),
    });
    renderApp('/viewfeedback');
    expect(await screen.findByText('No feedbacks found', {}, firstRender)).toBeInTheDocument();
  });

  it('shows a spinner while the list loads', async () => {
    stubApi({ session: studentSession, '/api/feedback': 'pending' });
    renderApp('/viewfeedback');
    expect(await screen.findByText('Loading feedback...', {}, firstRender)).toBeInTheDocument();
  });

  it('says the list could not be loaded, with Retry', async () => {
    let calls = 0;
    stubApi({
      session: studentSession,
      '/api/feedback': () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } }
          : feedbackPage([query]),
    });
    renderApp('/viewfeedback');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'Feedback could not be loaded. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: /^Query/ })).toBeInTheDocument();
  });

  it("is the student's 'View Feedback' entry and the officials' 'Feedback' entry of the navigation", async () => {
    stubApi({ session: studentSession, '/api/feedback': feedbackPage([query]) });
    const { unmount } = renderApp('/viewfeedback');
    const menu = within(await screen.findByRole('navigation', { name: 'Main menu' }, firstRender));
    expect(menu.getByRole('link', { name: 'View Feedback' })).toHaveAttribute('aria-current', 'page');
    unmount();

    stubApi({ session: officialSession, '/api/feedback': feedbackPage([query], { resolver: true }) });
    renderApp('/viewfeedback');
    const officialMenu = within(
      await screen.findByRole('navigation', { name: 'Main menu' }, firstRender),
    );
    expect(officialMenu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/gensec-cult',
    );
    expect(officialMenu.getByRole('link', { name: 'Feedback' })).toHaveAttribute('aria-current', 'page');
  });
});
