import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  CLUB_ID,
  clubPage,
  coordinator,
  firstRender,
  TAG_AI,
  TAG_CP,
  tags,
} from './club-admin-fixtures';

beforeAll(loadPages, 30_000);
afterEach(() => sessionStorage.clear());

const PAGE = '/api/clubs/by-slug/coding-club';
const SAVE = `/api/clubs/${CLUB_ID}/page`;
const RECRUITING = `/api/clubs/${CLUB_ID}/recruiting`;

const stubEditor = (extra: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    session: coordinator,
    [PAGE]: { body: { page: clubPage() } },
    '/api/club-tags': { body: { tags } },
    ...extra,
  });

const aboutForm = () => screen.getByRole('form', { name: 'About the club' });

describe('/clubs/:slug/edit', { timeout: 20_000 }, () => {
  it('loads the page into the form and saves its words and tags, then says so', async () => {
    const fetchMock = stubEditor({
      [`PUT ${SAVE}`]: {
        body: { page: clubPage({ tagline: 'Code every week.', tagIds: [TAG_CP, TAG_AI] }) },
      },
    });
    renderApp('/clubs/coding-club/edit');
    expect(await screen.findByText('Loading the club page...', {}, firstRender)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit club page' })).toBeInTheDocument();
    const form = within(aboutForm());
    expect(form.getByLabelText('Tagline')).toHaveValue('We write code together.');
    expect(form.getByLabelText('About')).toHaveValue('Weekly contests and workshops.');
    expect(form.getByLabelText('Contact')).toHaveValue('coding@iitbhilai.ac.in');
    expect(form.getByLabelText('How to join')).toHaveValue('');
    expect(await form.findByRole('checkbox', { name: 'Competitive programming' })).toBeChecked();
    expect(screen.getByRole('link', { name: '← Back to the club page' })).toHaveAttribute(
      'href',
      '/clubs/coding-club',
    );

    await userEvent.clear(form.getByLabelText('Tagline'));
    await userEvent.type(form.getByLabelText('Tagline'), 'Code every week.');
    await userEvent.type(form.getByLabelText('How to join'), 'Come to a contest.');
    await userEvent.click(form.getByRole('checkbox', { name: 'AI' }));
    expect(form.getByText('You have changes that are not saved yet.')).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('Club page saved.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', SAVE)).toEqual([
      {
        tagline: 'Code every week.',
        about: 'Weekly contests and workshops.',
        contact: 'coding@iitbhilai.ac.in',
        howToJoin: 'Come to a contest.',
        tagIds: [TAG_CP, TAG_AI],
      },
    ]);
    expect(form.queryByText('You have changes that are not saved yet.')).not.toBeInTheDocument();
  });

  it('says "Choose at most 4 tags." when a fifth is picked, and sends nothing', async () => {
    const fetchMock = stubEditor();
    renderApp('/clubs/coding-club/edit');
    const form = within(await screen.findByRole('form', { name: 'About the club' }, firstRender));
    for (const name of ['AI', 'Games', 'Robotics', 'Web'])
      await userEvent.click(await form.findByRole('checkbox', { name }));
    expect(form.getByRole('group', { name: 'Tags' })).toHaveTextContent('Choose at most 4 tags.');
    await userEvent.click(form.getByRole('button', { name: 'Save page' }));
    expect(sentBodies(fetchMock, 'PUT', SAVE)).toEqual([]);
    await userEvent.click(form.getByRole('checkbox', { name: 'Games' }));
    expect(form.queryByText('Choose at most 4 tags.')).not.toBeInTheDocument();
  });

  it("shows the server's field messages next to the fields, and its refusal above them", async () => {
    let answer = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Check the fields.',
          fields: {
            tagline: 'The tagline must be one line of at most 140 characters.',
            tagIds: 'A chosen tag is no longer on the list. Reload the page and choose again.',
          },
        },
      },
    };
    stubEditor({ [`PUT ${SAVE}`]: () => answer });
    renderApp('/clubs/coding-club/edit');
    const form = within(await screen.findByRole('form', { name: 'About the club' }, firstRender));
    await userEvent.click(form.getByRole('button', { name: 'Save page' }));
    expect(
      await form.findByText('The tagline must be one line of at most 140 characters.'),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Tagline')).toHaveAccessibleDescription(
      /The tagline must be one line of at most 140 characters\./,
    );
    expect(form.getByRole('group', { name: 'Tags' })).toHaveTextContent(
      'A chosen tag is no longer on the list. Reload the page and choose again.',
    );
    answer = {
      status: 403,
      body: {
        error: { code: 'FORBIDDEN', message: 'Only the coordinator of this club can do this.' },
      },
    } as typeof answer;
    await userEvent.click(form.getByRole('button', { name: 'Save page' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Only the coordinator of this club can do this.',
    );
  });

  it('refuses a tagline over 140 characters before sending it', async () => {
    const fetchMock = stubEditor();
    renderApp('/clubs/coding-club/edit');
    const form = within(await screen.findByRole('form', { name: 'About the club' }, firstRender));
    await userEvent.clear(form.getByLabelText('Tagline'));
    await userEvent.click(form.getByLabelText('Tagline'));
    await userEvent.paste('x'.repeat(141));
    await userEvent.click(form.getByRole('button', { name: 'Save page' }));
    expect(
      await form.findByText('The tagline must be one line of at most 140 characters.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', SAVE)).toEqual([]);
  });

  it('tells a coordinator of another club that the page is not theirs, and shows no form', async () => {
    stubEditor({ [PAGE]: { body: { page: clubPage({ viewer: { canEdit: false } }) } } });
    renderApp('/clubs/coding-club/edit');
    expect(await screen.findByText('403 - Unauthorised Access', {}, firstRender)).toBeInTheDocument();
    expect(screen.getByText('Only the coordinator of this club can do this.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("says 'Club not found.' for an unknown club, and offers Retry when the page cannot be read", async () => {
    stubEditor({
      [PAGE]: { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Club not found.' } } },
    });
    const first = renderApp('/clubs/coding-club/edit');
    expect(await screen.findByText('Club not found.', {}, firstRender)).toBeInTheDocument();
    first.unmount();
    let fail = true;
    stubEditor({
      [PAGE]: () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { body: { page: clubPage() } },
    });
    renderApp('/clubs/coding-club/edit');
    expect(
      await screen.findByText('The club page could not be loaded.', {}, firstRender),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'About the club' })).toBeInTheDocument();
  });

  it('opens recruiting with a question for applicants', async () => {
    const fetchMock = stubEditor({
      [`PUT ${RECRUITING}`]: {
        body: { recruiting: true, joinQuestion: 'Which languages do you write?' },
      },
    });
    renderApp('/clubs/coding-club/edit');
    const form = within(await screen.findByRole('form', { name: 'Recruiting' }, firstRender));
    const toggle = form.getByRole('switch', { name: 'Taking new members' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.type(
      form.getByLabelText('Question for applicants (optional)'),
      'Which languages do you write?',
    );
    await userEvent.click(form.getByRole('button', { name: 'Save recruiting' }));
    expect(await screen.findByText('The club is taking new members.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', RECRUITING)).toEqual([
      { recruiting: true, joinQuestion: 'Which languages do you write?' },
    ]);
  });

  it("shows the server's message under the applicants' question", async () => {
    stubEditor({
      [`PUT ${RECRUITING}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Check the fields.',
            fields: { joinQuestion: 'The question must be at most 500 characters.' },
          },
        },
      },
    });
    renderApp('/clubs/coding-club/edit');
    const form = within(await screen.findByRole('form', { name: 'Recruiting' }, firstRender));
    await userEvent.type(form.getByLabelText('Question for applicants (optional)'), 'Why?');
    await userEvent.click(form.getByRole('button', { name: 'Save recruiting' }));
    expect(form.getByLabelText('Question for applicants (optional)')).toHaveAccessibleDescription(
      /The question must be at most 500 characters\./,
    );
  });

  it('keeps changes not saved when the page is left, gives them back, and discards them on request', async () => {
    const fetchMock = stubEditor();
    const first = renderApp('/clubs/coding-club/edit');
    let form = within(await screen.findByRole('form', { name: 'About the club' }, firstRender));
    await userEvent.type(form.getByLabelText('How to join'), 'Come on Friday.');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    first.unmount();

    renderApp('/clubs/coding-club/edit');
    form = within(await screen.findByRole('form', { name: 'About the club' }, firstRender));
    expect(form.getByLabelText('How to join')).toHaveValue('Come on Friday.');
    expect(
      form.getByText('Your changes from before are kept here. They are not saved yet.'),
    ).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Discard changes' }));
    expect(form.getByLabelText('How to join')).toHaveValue('');
    expect(form.queryByText(/Your changes from before/)).not.toBeInTheDocument();
    const calm = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(calm);
    expect(calm.defaultPrevented).toBe(false);
    expect(sentBodies(fetchMock, 'PUT', SAVE)).toEqual([]);
  });
});
