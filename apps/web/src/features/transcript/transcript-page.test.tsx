import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TranscriptSummary } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  CORE_MEMBER_ID,
  DEBATE_ID,
  HACKATHON_ID,
  issuedNow,
  LATEST_ID,
  latest,
  nothingVerified,
  older,
  records,
  session,
} from './transcript-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const list = (...items: TranscriptSummary[]) => ({ body: { items } });

function stubTranscriptApi(replies: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  return stubApi({
    session,
    '/api/me/transcript-records': { body: records },
    '/api/me/transcripts': list(latest, older),
    ...replies,
  });
}

const group = (name: string) => within(screen.getByRole('group', { name: new RegExp(`^${name}`) }));
const transcriptCard = (issued: string) =>
  within(screen.getByRole('article', { name: `Transcript issued ${issued}` }));
const findTranscriptCard = async (issued: string) =>
  within(await screen.findByRole('article', { name: `Transcript issued ${issued}` }, firstRender));

describe('/transcript', { timeout: 20_000 }, () => {
  it('lists the verified records by kind with their details, and says how many still wait', async () => {
    stubTranscriptApi();
    renderApp('/transcript');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Co-curricular transcript' }, firstRender),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Choose records' });

    const achievements = group('Achievements');
    expect(achievements.getAllByRole('checkbox')).toHaveLength(2);
    expect(
      achievements.getByText('05 Mar 2025 · Technical · Hackathon · National · Winner'),
    ).toBeInTheDocument();
    expect(achievements.getByText('Verified by Ishita Reddy on 10 Mar 2025')).toBeInTheDocument();
    expect(achievements.getByText('20 Nov 2024 · Cultural · Debate · College')).toBeInTheDocument();
    expect(achievements.getByText('Verified by Ananya Banerjee on 22 Nov 2024')).toBeInTheDocument();

    const positions = group('Positions of responsibility');
    expect(
      positions.getByRole('checkbox', { name: /^Core Member, Competitive Programming/ }),
    ).not.toBeChecked();
    expect(
      positions.getByText('Coding Club · Tenure 2025-2026 · Appointed 01 Jul 2025'),
    ).toBeInTheDocument();
    expect(positions.getByText('Verified by Sneha Kulkarni on 03 Jul 2025')).toBeInTheDocument();

    const skills = group('Endorsed skills');
    expect(skills.getByRole('checkbox', { name: /^Python/ })).toBeInTheDocument();
    expect(skills.getByText('Programming · Technical · Advanced')).toBeInTheDocument();
    expect(skills.getByText('Endorsed by Ishita Reddy on 01 Feb 2025')).toBeInTheDocument();

    expect(
      screen.getByText("3 records are still awaiting verification and can't be included yet."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 achievement waiting' })).toHaveAttribute(
      'href',
      '/view-achievements',
    );
    expect(screen.getByRole('link', { name: '2 positions waiting' })).toHaveAttribute(
      'href',
      '/manage-position',
    );
    // No skill waits, so the note has no line for skills.
    expect(screen.queryByRole('link', { name: /skills? waiting/ })).not.toBeInTheDocument();
  });

  it('is in the student menu', async () => {
    stubTranscriptApi();
    renderApp('/transcript');
    const menu = within(await screen.findByRole('navigation', { name: 'Student menu' }, firstRender));
    expect(menu.getByRole('link', { name: 'Transcript' })).toHaveAttribute('href', '/transcript');
    expect(menu.getByRole('link', { name: 'Transcript' })).toHaveAttribute('aria-current', 'page');
  });

  it('selects all and clears each group, and asks for a choice before the preview', async () => {
    stubTranscriptApi();
    renderApp('/transcript');
    await screen.findByRole('heading', { name: 'Choose records' }, firstRender);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Choose at least one verified record to include.',
    );
    expect(screen.queryByRole('heading', { name: 'Preview' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Select all achievements' }));
    expect(
      group('Achievements')
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([true, true]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('2 records chosen')).toBeInTheDocument();
    expect(group('Positions of responsibility').getByRole('checkbox')).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Clear achievements' }));
    expect(
      group('Achievements')
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([false, false]);
    expect(screen.getByText('0 records chosen')).toBeInTheDocument();
  });

  it('previews exactly the chosen records, issues them after a confirmation, and lists the new transcript first', async () => {
    let issued = false;
    const fetchMock = stubTranscriptApi({
      '/api/me/transcripts': () => (issued ? list(issuedNow, latest, older) : list(latest, older)),
      'POST /api/me/transcripts': () => {
        issued = true;
        return { status: 201, body: { transcript: issuedNow } };
      },
    });
    renderApp('/transcript');
    await screen.findByRole('heading', { name: 'Choose records' }, firstRender);
    await userEvent.click(screen.getByRole('checkbox', { name: /^Smart India Hackathon/ }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: /^Core Member, Competitive Programming/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Preview' });
    expect(heading).toHaveFocus();
    const preview = within(heading.parentElement!);
    const student = within(preview.getByRole('region', { name: 'Student' }));
    for (const text of ['Asha Verma', '12340001', 'B.Tech', 'Computer Science & Engineering', '2024'])
      expect(student.getByText(text)).toBeInTheDocument();
    expect(preview.getByRole('heading', { name: 'Achievements (1)' })).toBeInTheDocument();
    expect(preview.getByText('Smart India Hackathon')).toBeInTheDocument();
    expect(preview.queryByText('Inter-college debate')).not.toBeInTheDocument();
    expect(
      preview.getByRole('heading', { name: 'Positions of responsibility (1)' }),
    ).toBeInTheDocument();
    expect(preview.getByText('Verified by Sneha Kulkarni on 03 Jul 2025')).toBeInTheDocument();
    expect(preview.queryByRole('heading', { name: /^Endorsed skills/ })).not.toBeInTheDocument();

    // Cancel sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Issue transcript' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Issue this transcript?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(sentBodies(fetchMock, 'POST', '/api/me/transcripts')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Issue transcript' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Issue this transcript?' }));
    expect(
      dialog.getByText('It will include 2 records, exactly as the preview shows them.'),
    ).toBeInTheDocument();
    expect(dialog.getByText('An issued transcript cannot be edited, only revoked.')).toBeInTheDocument();
    expect(
      dialog.getByText('Anyone with its link or QR code can see the records it includes.'),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Issue transcript' }));

    expect(await screen.findByText('Transcript issued.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/transcripts')).toEqual([
      { achievementIds: [HACKATHON_ID], positionIds: [CORE_MEMBER_ID], skillIds: [] },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Back to a clean first step, and the new transcript on top of the list.
    expect(await screen.findByRole('heading', { name: 'Choose records' })).toBeInTheDocument();
    expect(screen.getByText('0 records chosen')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
        'Transcript issued Apr 2, 2025, 5:00 PM',
        'Transcript issued Apr 1, 2025, 2:30 PM',
        'Transcript issued Jan 15, 2025, 9:00 AM',
      ]),
    );
    expect(screen.getByRole('heading', { name: 'Issued transcripts' })).toHaveFocus();
  });

  it('issues once when Issue is pressed twice in one frame', async () => {
    const fetchMock = stubTranscriptApi({
      'POST /api/me/transcripts': () => ({ status: 201, body: { transcript: issuedNow } }),
    });
    renderApp('/transcript');
    await screen.findByRole('heading', { name: 'Choose records' }, firstRender);
    await userEvent.click(screen.getByRole('checkbox', { name: /^Smart India Hackathon/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Issue transcript' }));
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Issue this transcript?' }),
    ).getByRole('button', { name: 'Issue transcript' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Transcript issued.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/transcripts')).toHaveLength(1);
  });

  it("shows the server's refusal inside the dialog", async () => {
    stubTranscriptApi({
      'POST /api/me/transcripts': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message:
              'Only your own verified records can be included. Refresh the page and choose again.',
            fields: {},
          },
        },
      },
    });
    renderApp('/transcript');
    await screen.findByRole('heading', { name: 'Choose records' }, firstRender);
    await userEvent.click(screen.getByRole('button', { name: 'Select all skills' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Issue transcript' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue this transcript?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Issue transcript' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Only your own verified records can be included. Refresh the page and choose again.',
    );
  });

  it('lists issued transcripts with date, counts, status and their actions', async () => {
    stubTranscriptApi();
    renderApp('/transcript');
    const valid = await findTranscriptCard('Apr 1, 2025, 2:30 PM');
    expect(valid.getByText('Valid')).toBeInTheDocument();
    expect(valid.getByText('2 achievements · 1 position')).toBeInTheDocument();
    const pdf = valid.getByRole('link', { name: /^Download PDF/ });
    expect(pdf).toHaveAttribute('href', `/api/me/transcripts/${LATEST_ID}/pdf`);
    expect(pdf).toHaveAttribute('download');
    expect(valid.getByRole('link', { name: /^Open verification page/ })).toHaveAttribute(
      'href',
      `/verify/${LATEST_ID}`,
    );
    expect(valid.getByRole('button', { name: /^Revoke/ })).toBeInTheDocument();

    const revoked = transcriptCard('Jan 15, 2025, 9:00 AM');
    expect(revoked.getByText('Revoked')).toBeInTheDocument();
    expect(revoked.getByText('Revoked Jan 20, 2025, 12:00 PM')).toBeInTheDocument();
    expect(revoked.getByText('1 achievement · 1 endorsed skill')).toBeInTheDocument();
    expect(revoked.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it('copies the verification link, and says so', async () => {
    stubTranscriptApi();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/transcript');
    await userEvent.click(
      (await findTranscriptCard('Apr 1, 2025, 2:30 PM')).getByRole('button', { name: /^Copy link/ }),
    );
    expect(writeText).toHaveBeenCalledWith(`https://cosa.iitbhilai.ac.in/verify/${LATEST_ID}`);
    expect(await screen.findByText('Verification link copied.')).toBeInTheDocument();
    expect(
      transcriptCard('Apr 1, 2025, 2:30 PM').getByRole('button', { name: /^Link copied/ }),
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
      (await findTranscriptCard('Apr 1, 2025, 2:30 PM')).getByRole('button', { name: /^Revoke/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this transcript?' }));
    expect(dialog.getByText('The transcript issued Apr 1, 2025, 2:30 PM.')).toBeInTheDocument();
    expect(dialog.getByText(/Its verification page will say that you revoked it/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(
      await screen.findByText('Transcript revoked. Its verification page now says so.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', `/api/me/transcripts/${LATEST_ID}/revocation`)).toHaveLength(1);
    const card = transcriptCard('Apr 1, 2025, 2:30 PM');
    expect(card.getByText('Revoked')).toBeInTheDocument();
    expect(card.getByText('Revoked Apr 3, 2025, 10:00 AM')).toBeInTheDocument();
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
      (await findTranscriptCard('Apr 1, 2025, 2:30 PM')).getByRole('button', { name: /^Revoke/ }),
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
