import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies } from '../../../test/render-app';
import {
  CORE_MEMBER_ID,
  DEBATE_ID,
  HACKATHON_ID,
  LATEST_ID,
  latest,
  list,
  nothingVerified,
  older,
  records,
  stubTranscriptApi,
} from './transcript-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };

const transcriptCard = (issued: string) =>
  within(screen.getByRole('article', { name: `Transcript issued ${issued}` }));
const findTranscriptCard = async (issued: string) =>
  within(await screen.findByRole('article', { name: `Transcript issued ${issued}` }, firstRender));

describe('/transcript: issued transcripts', { timeout: 20_000 }, () => {
  it('lists issued transcripts with date, counts, status and their actions', async () => {
    stubTranscriptApi();
    renderApp('/transcript');
    const valid = await findTranscriptCard('1 Apr 2025, 14:30');
    expect(valid.getByText('Valid')).toBeInTheDocument();
    expect(valid.getByText('2 achievements · 1 position · 1 event attended')).toBeInTheDocument();
    const pdf = valid.getByRole('link', { name: /^Download PDF/ });
    expect(pdf).toHaveAttribute('href', `/api/me/transcripts/${LATEST_ID}/pdf`);
    expect(pdf).toHaveAttribute('download');
    expect(valid.getByRole('link', { name: /^Open verification page/ })).toHaveAttribute(
      'href',
      `/verify/${LATEST_ID}`,
    );
    expect(valid.getByRole('button', { name: /^Revoke/ })).toBeInTheDocument();

    const revoked = transcriptCard('15 Jan 2025, 09:00');
    expect(revoked.getByText('Revoked')).toBeInTheDocument();
    expect(revoked.getByText('Revoked 20 Jan 2025, 12:00')).toBeInTheDocument();
    expect(revoked.getByText('1 achievement · 1 endorsed skill')).toBeInTheDocument();
    expect(revoked.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it('copies the verification link, and says so', async () => {
    stubTranscriptApi();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/transcript');
    await userEvent.click(
      (await findTranscriptCard('1 Apr 2025, 14:30')).getByRole('button', { name: /^Copy link/ }),
    );
    expect(writeText).toHaveBeenCalledWith(`https://cosa.iitbhilai.ac.in/verify/${LATEST_ID}`);
    expect(await screen.findByText('Verification link copied.')).toBeInTheDocument();
    expect(
      transcriptCard('1 Apr 2025, 14:30').getByRole('button', { name: /^Link copied/ }),
    ).toBeInTheDocument();
  });

  it('revokes a transcript after a confirmation', async () => {
    let revoked = false;
    const revokedLatest = { ...latest, revokedAt: '2025-04-03T04:30:00.000Z' };
    const fetchMock = stubTranscriptApi({
      '/api/me/transcripts': () => (revoked ? list(revokedLatest, older) : list(latest, older)),
      [`POST /api/me/transcripts/${LATEST_ID}/revocation`]: () => {
        revoked = true;
        return { body: { transcript: revokedLatest } };
      },
    });
    renderApp('/transcript');
    await userEvent.click(
      (await findTranscriptCard('1 Apr 2025, 14:30')).getByRole('button', { name: /^Revoke/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this transcript?' }));
    expect(dialog.getByText('The transcript issued 1 Apr 2025, 14:30.')).toBeInTheDocument();
    expect(dialog.getByText(/Its verification page will say that you revoked it/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(
      await screen.findByText('Transcript revoked. Its verification page now says so.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', `/api/me/transcripts/${LATEST_ID}/revocation`)).toHaveLength(1);
    const card = transcriptCard('1 Apr 2025, 14:30');
    expect(card.getByText('Revoked')).toBeInTheDocument();
    expect(card.getByText('Revoked 3 Apr 2025, 10:00')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it('says when the transcript was already revoked', async () => {
    stubTranscriptApi({
      [`POST /api/me/transcripts/${LATEST_ID}/revocation`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This transcript was already revoked.' } },
      },
    });
    renderApp('/transcript');
    await userEvent.click(
      (await findTranscriptCard('1 Apr 2025, 14:30')).getByRole('button', { name: /^Revoke/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this transcript?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This transcript was already revoked.');
  });

  it('explains how records get verified when none is, and that nothing was issued yet', async () => {
    stubTranscriptApi({
      '/api/me/transcript-records': { body: nothingVerified },
      '/api/me/transcripts': list(),
    });
    renderApp('/transcript');
    expect(
      await screen.findByText('You have no verified records yet.', {}, firstRender),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/A transcript includes only records an official has checked/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
    expect(
      screen.getByText("1 record is still awaiting verification and can't be included yet."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 skill waiting' })).toHaveAttribute('href', '/skills');
    expect(await screen.findByText('You have not issued a transcript yet.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Once an achievement or a position of yours is verified, its credential can be downloaded here.',
      ),
    ).toBeInTheDocument();
  });

  it('offers a credential download for each verified achievement and position', async () => {
    stubTranscriptApi();
    renderApp('/transcript');
    const section = within(
      (await screen.findByRole('heading', { name: 'Credentials' }, firstRender)).closest('section')!,
    );
    expect(section.getByText(/Open Badges 3\.0 credential/)).toBeInTheDocument();
    expect(section.getByRole('link', { name: '/verify' })).toHaveAttribute('href', '/verify');
    const downloads = section.getAllByRole('link', { name: /^Download credential \(\.jwt\)/ });
    expect(
      downloads.map((link) => [
        link.textContent,
        link.getAttribute('href'),
        link.hasAttribute('download'),
      ]),
    ).toEqual([
      [
        'Download credential (.jwt) for Smart India Hackathon',
        `/api/me/achievements/${HACKATHON_ID}/credential`,
        true,
      ],
      [
        'Download credential (.jwt) for Inter-college debate',
        `/api/me/achievements/${DEBATE_ID}/credential`,
        true,
      ],
      [
        'Download credential (.jwt) for Core Member, Competitive Programming',
        `/api/me/positions/${CORE_MEMBER_ID}/credential`,
        true,
      ],
    ]);
  });

  it('says why a record is not signed yet where its download would be, and offers no download', async () => {
    const unconfirmed =
      'This position was recorded before the portal kept who verified or appointed it, so the institute does not sign it as a credential yet. The institute administrator can confirm it: ask at the student affairs office.';
    stubTranscriptApi({
      '/api/me/transcript-records': {
        body: {
          ...records,
          positions: records.positions.map((item) => ({ ...item, credentialRefusal: unconfirmed })),
        },
      },
    });
    renderApp('/transcript');
    const section = within(
      (await screen.findByRole('heading', { name: 'Credentials' }, firstRender)).closest('section')!,
    );
    const row = within(
      section.getByText('Core Member, Competitive Programming', { selector: 'p' }).closest('li')!,
    );
    expect(row.getByText(unconfirmed)).toBeInTheDocument();
    expect(row.getByText('No credential yet:')).toBeInTheDocument();
    expect(row.queryByRole('link')).toBeNull();
    expect(
      section
        .getAllByRole('link', { name: /^Download credential \(\.jwt\)/ })
        .map((link) => link.textContent),
    ).toEqual([
      'Download credential (.jwt) for Smart India Hackathon',
      'Download credential (.jwt) for Inter-college debate',
    ]);
  });

  it('shows spinners while the records and the list load', async () => {
    stubTranscriptApi({ '/api/me/transcript-records': 'pending', '/api/me/transcripts': 'pending' });
    renderApp('/transcript');
    expect(
      await screen.findByText('Loading your verified records...', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('Loading your transcripts...')).toBeInTheDocument();
  });

  it('says when the records or the list fail to load, with Retry', async () => {
    let recordCalls = 0;
    stubTranscriptApi({
      '/api/me/transcript-records': () =>
        ++recordCalls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } }
          : { body: records },
      '/api/me/transcripts': {
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } },
      },
    });
    renderApp('/transcript');
    expect(
      await screen.findByText(
        'Your records could not be loaded. Check your connection and try again.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Your issued transcripts could not be loaded. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
    const retry = within(
      screen
        .getByText('Your records could not be loaded. Check your connection and try again.')
        .closest('[role="alert"]') as HTMLElement,
    );
    await userEvent.click(retry.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Choose records' })).toBeInTheDocument();
  });
});
