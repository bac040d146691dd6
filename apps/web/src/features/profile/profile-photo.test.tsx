import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp } from '../../../test/render-app';
import { firstRender, withPhoto, stubProfile } from '../../../test/profile-fixtures';
import { fakeXhr } from '../../../test/fake-xhr';

beforeAll(loadPages, 30_000);

const photoFile = (bytes: number, name = 'me.jpg') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

describe('/profile: the photo', { timeout: 20_000 }, () => {
  it('refuses a photo over 5 MB before sending it', async () => {
    const sent = fakeXhr();
    stubProfile();
    renderApp('/profile');
    await screen.findByRole('button', { name: 'Change Photo' }, firstRender);
    await userEvent.upload(
      screen.getByLabelText('Choose a photo'),
      photoFile(5 * 1024 * 1024 + 1, 'huge.jpg'),
    );
    expect(await screen.findByText('The photo must be 5 MB or smaller.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(screen.getByLabelText('Choose a photo')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp',
    );
  });

  it("uploads the photo as 'image', shows progress and 'Uploading...', then the new picture", async () => {
    const sent = fakeXhr();
    stubProfile();
    const { client } = renderApp('/profile');
    client.setQueryData(['me', 'dashboard'], { stale: 'dashboard' });
    const file = photoFile(1024);
    await userEvent.upload(await screen.findByLabelText('Choose a photo', {}, firstRender), file);
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect([request.method, request.url]).toEqual(['PUT', '/api/me/photo']);
    expect((request.body as FormData).get('image')).toBe(file);
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Photo upload' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    request.progress(512, 1024);
    expect(screen.getByRole('progressbar', { name: 'Photo upload' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    request.respond(200, { photoUrl: '/api/photos/p2' });
    expect(await screen.findByRole('img', { name: 'Photo of Asha Verma' })).toHaveAttribute(
      'src',
      '/api/photos/p2',
    );
    expect(await screen.findByText('Photo updated.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Photo' })).toBeEnabled();
    expect(client.getQueryState(['me', 'dashboard'])?.isInvalidated).toBe(true);
  });

  it("toasts the server's reason when an upload is refused, and a plain message when the server cannot be reached", async () => {
    const sent = fakeXhr();
    stubProfile();
    renderApp('/profile');
    const input = await screen.findByLabelText('Choose a photo', {}, firstRender);
    await userEvent.upload(input, photoFile(1024));
    sent[0]!.respond(429, {
      error: { code: 'TOO_MANY_REQUESTS', message: 'Too many uploads. Please wait a minute.' },
    });
    expect(await screen.findByText('Too many uploads. Please wait a minute.')).toBeInTheDocument();
    await userEvent.upload(input, photoFile(2048));
    sent[1]!.fail();
    expect(
      await screen.findByText('The photo could not be uploaded. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Asha Verma' })).toHaveTextContent('AV');
  });

  it('deletes the photo only after confirmation, then shows the default avatar', async () => {
    const fetchMock = stubProfile(withPhoto, { 'DELETE /api/me/photo': { body: { photoUrl: null } } });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Photo' }, firstRender));
    // The dialog's code may still be on its way the first time it opens.
    let dialog = await screen.findByRole('dialog', { name: 'Delete your photo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Photo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Photo' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete your photo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Photo' }));
    expect(await screen.findByText('Photo removed.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Asha Verma' })).toHaveTextContent('AV');
    expect(screen.queryByRole('img', { name: 'Photo of Asha Verma' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Photo' })).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(
        ([input, init]) => String(input) === '/api/me/photo' && init?.method === 'DELETE',
      ),
    ).toHaveLength(1);
  });

  it("reads 'Processing...' while the photo is being deleted", async () => {
    stubProfile(withPhoto, { 'DELETE /api/me/photo': 'pending' });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Photo' }, firstRender));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Photo' }),
    );
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Change Photo' })).toBeDisabled();
  });

  it('toasts a failed delete and keeps the photo', async () => {
    stubProfile(withPhoto, {
      'DELETE /api/me/photo': {
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } },
      },
    });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Photo' }, firstRender));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Photo' }),
    );
    expect(
      await screen.findByText('The photo could not be removed. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Asha Verma' })).toHaveAttribute(
      'src',
      '/api/photos/p1',
    );
  });
});
