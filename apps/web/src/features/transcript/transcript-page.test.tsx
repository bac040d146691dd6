import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies } from '../../../test/render-app';
import {
  CORE_MEMBER_ID,
  HACKATHON_ID,
  issuedNow,
  latest,
  list,
  older,
  stubTranscriptApi,
} from './transcript-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };

const group = (name: string) => within(screen.getByRole('group', { name: new RegExp(`^${name}`) }));

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
    const menu = within(await screen.findByRole('navigation', { name: 'Main menu' }, firstRender));
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
      {
        achievementIds: [HACKATHON_ID],
        positionIds: [CORE_MEMBER_ID],
        skillIds: [],
        attendanceIds: [],
        membershipIds: [],
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Back to a clean first step, and the new transcript on top of the list.
    expect(await screen.findByRole('heading', { name: 'Choose records' })).toBeInTheDocument();
    expect(screen.getByText('0 records chosen')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
        'Transcript issued 2 Apr 2025, 17:00',
        'Transcript issued 1 Apr 2025, 14:30',
        'Transcript issued 15 Jan 2025, 09:00',
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
});
