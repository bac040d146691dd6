import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { admin, firstRender, TAG_ROBOTS, tags } from './club-admin-fixtures';

beforeAll(loadPages, 30_000);

const TAG = `/api/admin/club-tags/${TAG_ROBOTS}`;

const stubTags = (extra: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({ session: admin, '/api/club-tags': { body: { tags } }, ...extra });

describe('/admin/club-tags', { timeout: 20_000 }, () => {
  it('lists every tag with how many clubs carry it, and is in the administration menu', async () => {
    stubTags();
    renderApp('/admin/club-tags');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Club tags' }, firstRender),
    ).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Tags' }));
    expect(list.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual([
      'AI',
      'Competitive programming',
      'Games',
      'Robotics',
      'Web',
    ]);
    expect(list.getByText('Carried by 3 clubs')).toBeInTheDocument();
    expect(list.getAllByText('Carried by 1 club')).toHaveLength(2);
    expect(list.getByText('Carried by 0 clubs')).toBeInTheDocument();
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(menu.getByRole('link', { name: 'Club tags' })).toHaveAttribute('href', '/admin/club-tags');
  });

  it('adds a tag, refuses a blank one, and shows a taken name under the field', async () => {
    let reply: { status?: number; body: unknown } = {
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'A tag with this name already exists.' } },
    };
    const fetchMock = stubTags({ 'POST /api/admin/club-tags': () => reply });
    renderApp('/admin/club-tags');
    const form = within(await screen.findByRole('form', { name: 'Add a tag' }, firstRender));
    const name = form.getByLabelText(/Tag name/);
    await userEvent.click(form.getByRole('button', { name: 'Add tag' }));
    expect(name).toHaveAccessibleDescription(/Tag name is required\./);
    expect(sentBodies(fetchMock, 'POST', '/api/admin/club-tags')).toEqual([]);

    await userEvent.type(name, 'robotics');
    await userEvent.click(form.getByRole('button', { name: 'Add tag' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(/A tag with this name already exists\./),
    );
    expect(name).toHaveValue('robotics');

    reply = { status: 201, body: { tag: { id: 'new', name: 'Music', clubCount: 0 } } };
    await userEvent.clear(name);
    await userEvent.type(name, 'Music');
    await userEvent.click(form.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('Tag Music added.')).toBeInTheDocument();
    expect(name).toHaveValue('');
    expect(sentBodies(fetchMock, 'POST', '/api/admin/club-tags')).toEqual([
      { name: 'robotics' },
      { name: 'Music' },
    ]);
  });

  it('renames a tag', async () => {
    const fetchMock = stubTags({
      [`PATCH ${TAG}`]: { body: { tag: { id: TAG_ROBOTS, name: 'Robots', clubCount: 3 } } },
    });
    renderApp('/admin/club-tags');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Robotics' }, firstRender));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename Robotics' }));
    expect(dialog.getByText('Every club carrying the tag shows the new name.')).toBeInTheDocument();
    const name = dialog.getByLabelText(/New name/);
    expect(name).toHaveValue('Robotics');
    await userEvent.clear(name);
    await userEvent.type(name, 'Robots');
    await userEvent.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Tag renamed to Robots.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', TAG)).toEqual([{ name: 'Robots' }]);
  });

  it('removes a tag only once asked, saying it leaves every club', async () => {
    const fetchMock = stubTags({ [`DELETE ${TAG}`]: { status: 204 } });
    renderApp('/admin/club-tags');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Robotics' }, firstRender));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove the tag Robotics?' }));
    expect(
      dialog.getByText(
        'It is removed from the list and from every club that carries it (3 clubs now). This cannot be undone.',
      ),
    ).toBeInTheDocument();
    const deletes = () =>
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url);
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(deletes()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Robotics' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove tag' }),
    );
    expect(await screen.findByText('Tag Robotics removed.')).toBeInTheDocument();
    expect(deletes()).toEqual([TAG]);
  });

  it('says when the list cannot be read, and when it is empty', async () => {
    let fail = true;
    stubTags({
      '/api/club-tags': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { body: { tags: [] } },
    });
    renderApp('/admin/club-tags');
    expect(
      await screen.findByText('The tags could not be loaded.', {}, firstRender),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No tags yet: add the first one above.')).toBeInTheDocument();
  });
});
