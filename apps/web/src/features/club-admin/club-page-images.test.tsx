import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeXhr } from '../../../test/fake-xhr';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import { CLUB_ID, clubPage, coordinator, firstRender, tags } from './club-admin-fixtures';

beforeAll(loadPages, 30_000);

/** The page as the server holds it: a test changes it as the server would. */
let held = clubPage();

const stubEditor = (page = clubPage(), extra: Parameters<typeof stubApi>[0] = {}) => {
  held = page;
  return stubApi({
    session: coordinator,
    '/api/clubs/by-slug/coding-club': () => ({ body: { page: held } }),
    '/api/club-tags': { body: { tags } },
    ...extra,
  });
};

const picture = (bytes: number, name = 'logo.png') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

const slot = async (name: 'Logo' | 'Banner') =>
  within(await screen.findByRole('region', { name }, firstRender));

describe('/clubs/:slug/edit: the logo and banner', { timeout: 20_000 }, () => {
  it("uploads a logo as 'image' with its progress, then shows it", async () => {
    const sent = fakeXhr();
    stubEditor();
    renderApp('/clubs/coding-club/edit');
    const logo = await slot('Logo');
    expect(logo.getByText('No logo yet.')).toBeInTheDocument();
    expect(logo.getByLabelText('Choose a logo picture')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp',
    );
    const file = picture(2048);
    await userEvent.upload(logo.getByLabelText('Choose a logo picture'), file);
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect([request.method, request.url]).toEqual(['PUT', `/api/clubs/${CLUB_ID}/images/logo`]);
    expect((request.body as FormData).get('image')).toBe(file);
    expect(logo.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    request.progress(1024, 2048);
    expect(logo.getByRole('progressbar', { name: 'Logo upload' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    held = clubPage({ logoUrl: '/api/club-images/l2' });
    request.respond(200, { url: '/api/club-images/l2' });
    expect(await logo.findByRole('img', { name: 'Current logo of Coding Club' })).toHaveAttribute(
      'src',
      '/api/club-images/l2',
    );
    expect(await screen.findByText('Logo saved.')).toBeInTheDocument();
    expect(logo.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(logo.getByRole('button', { name: 'Replace logo' })).toBeEnabled();
  });

  it("shows the server's refusal of a picture, and refuses one over 5 MB before sending it", async () => {
    const sent = fakeXhr();
    stubEditor();
    renderApp('/clubs/coding-club/edit');
    const banner = await slot('Banner');
    const input = banner.getByLabelText('Choose a banner picture');
    await userEvent.upload(input, picture(1024, 'notes.png'));
    sent[0]!.respond(400, {
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Please choose a JPEG, PNG or WebP image.',
        fields: { image: 'Please choose a JPEG, PNG or WebP image.' },
      },
    });
    expect(await banner.findByRole('alert')).toHaveTextContent(
      'Please choose a JPEG, PNG or WebP image.',
    );
    expect(banner.getByText('No banner yet.')).toBeInTheDocument();

    await userEvent.upload(input, picture(5 * 1024 * 1024 + 1, 'huge.png'));
    expect(await banner.findByRole('alert')).toHaveTextContent('The picture must be 5 MB or smaller.');
    expect(sent).toHaveLength(1);
  });

  it('removes the banner only once asked, then shows none', async () => {
    const fetchMock = stubEditor(clubPage({ bannerUrl: '/api/club-images/b1' }), {
      [`DELETE /api/clubs/${CLUB_ID}/images/banner`]: () => {
        held = clubPage();
        return { body: { url: null } };
      },
    });
    renderApp('/clubs/coding-club/edit');
    const banner = await slot('Banner');
    expect(banner.getByRole('img', { name: 'Current banner of Coding Club' })).toHaveAttribute(
      'src',
      '/api/club-images/b1',
    );
    await userEvent.click(banner.getByRole('button', { name: 'Remove banner' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove the banner?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    const deletes = () =>
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url);
    expect(deletes()).toEqual([]);
    await userEvent.click(banner.getByRole('button', { name: 'Remove banner' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove the banner?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove banner' }));
    expect(await screen.findByText('Banner removed.')).toBeInTheDocument();
    expect(banner.getByText('No banner yet.')).toBeInTheDocument();
    expect(deletes()).toEqual([`/api/clubs/${CLUB_ID}/images/banner`]);
  });

  it('keeps the picture and says why when the server refuses to remove it', async () => {
    stubEditor(clubPage({ logoUrl: '/api/club-images/l1' }), {
      [`DELETE /api/clubs/${CLUB_ID}/images/logo`]: {
        status: 403,
        body: {
          error: { code: 'FORBIDDEN', message: 'Only the coordinator of this club can do this.' },
        },
      },
    });
    renderApp('/clubs/coding-club/edit');
    const logo = await slot('Logo');
    await userEvent.click(logo.getByRole('button', { name: 'Remove logo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove the logo?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove logo' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Only the coordinator of this club can do this.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(logo.getByRole('img', { name: 'Current logo of Coding Club' })).toBeInTheDocument();
  });
});
