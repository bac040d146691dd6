import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  CODING_CURRENT_ID,
  CODING_PAST_ID,
  issuedNow,
  LATEST_ID,
  latest,
  list,
  records,
  signedOut,
  stubTranscriptApi,
  verification,
} from './transcript-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };

/* Club memberships on a transcript: chosen like the other records, verified by the club. */

describe('club memberships on the transcript', { timeout: 20_000 }, () => {
  it('offers the membership periods, each with its months and the club that verifies it', async () => {
    stubTranscriptApi();
    renderApp('/transcript');
    const group = within(await screen.findByRole('group', { name: /^Club memberships/ }, firstRender));
    expect(group.getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([
      // Started at 01:30 on 1 August on the institute's clock: August, though still July in UTC.
      'Core member, Coding Club, Aug 2025 – presentVerified by Coding Club',
      'Member, Coding Club, Aug 2024 – May 2025Verified by Coding Club',
    ]);
  });

  it('issues a transcript of the chosen memberships, sending their ids only', async () => {
    const fetchMock = stubTranscriptApi({
      'POST /api/me/transcripts': {
        status: 201,
        body: {
          transcript: {
            ...issuedNow,
            counts: { achievements: 0, positions: 0, skills: 0, attendance: 0, memberships: 2 },
          },
        },
      },
    });
    renderApp('/transcript');
    const group = within(await screen.findByRole('group', { name: /^Club memberships/ }, firstRender));
    await userEvent.click(group.getByRole('button', { name: 'Select all club memberships' }));
    expect(screen.getByText('2 records chosen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Preview' });
    const preview = within(heading.parentElement!);
    expect(preview.getByRole('heading', { name: 'Club memberships (2)' })).toBeInTheDocument();
    expect(preview.getByText('Member, Coding Club, Aug 2024 – May 2025')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Issue transcript' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue this transcript?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Issue transcript' }));
    expect(await screen.findByText('Transcript issued.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/transcripts')).toEqual([
      {
        achievementIds: [],
        positionIds: [],
        skillIds: [],
        attendanceIds: [],
        membershipIds: [CODING_CURRENT_ID, CODING_PAST_ID],
      },
    ]);
  });

  it('counts the memberships of an issued transcript', async () => {
    stubTranscriptApi({
      '/api/me/transcripts': list({
        ...latest,
        counts: { achievements: 1, positions: 0, skills: 0, attendance: 0, memberships: 2 },
      }),
    });
    renderApp('/transcript');
    expect(
      await screen.findByText('1 achievement · 2 club memberships', {}, firstRender),
    ).toBeInTheDocument();
  });

  it('shows the memberships on the verification page, verified by the club, and marks one that no longer stands', async () => {
    stubApi({
      session: signedOut,
      [`/api/verify/transcripts/${LATEST_ID}`]: {
        body: {
          ...verification,
          content: { ...verification.content, memberships: records.memberships },
          withdrawn: [{ kind: 'membership', id: CODING_PAST_ID, reason: 'record_deleted' }],
        },
      },
    });
    renderApp(`/verify/${LATEST_ID}`);
    const section = within(
      await screen.findByRole('region', { name: 'Club memberships (2)' }, firstRender),
    );
    const [current, past] = section.getAllByRole('listitem');
    expect(current).toHaveTextContent(
      'Core member, Coding Club, Aug 2025 – presentVerified by Coding Club',
    );
    expect(past).toHaveTextContent('Member, Coding Club, Aug 2024 – May 2025');
    expect(within(past!).getByText(/^No longer valid:/)).toBeInTheDocument();
  });
});
