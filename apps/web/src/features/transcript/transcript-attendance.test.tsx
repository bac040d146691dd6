import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  issuedNow,
  LATEST_ID,
  nothingVerified,
  records,
  signedOut,
  stubTranscriptApi,
  verification,
  WORKSHOP_ID,
} from './transcript-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };

/* Events attended on a transcript: chosen like the other records, shown with the check-in that verifies them. */

describe('events attended on the transcript', { timeout: 20_000 }, () => {
  it('offers the events attended, each with its day and the check-in that verifies it', async () => {
    stubTranscriptApi();
    renderApp('/transcript');
    const group = within(await screen.findByRole('group', { name: /^Events attended/ }, firstRender));
    expect(group.getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([
      // 19:30 UTC on 14 August is 01:00 on the 15th on the institute's clock.
      'Attended Robotics workshop on 15 Aug 2025Verified by check-in, checked in by Ishaan Verma',
      'Attended Space talk on 2 Jul 2025Verified by check-in',
    ]);
  });

  it('issues a transcript of an event attended alone', async () => {
    const fetchMock = stubTranscriptApi({
      'POST /api/me/transcripts': { status: 201, body: { transcript: issuedNow } },
    });
    renderApp('/transcript');
    await userEvent.click(
      await screen.findByRole(
        'checkbox',
        { name: /^Attended Robotics workshop on 15 Aug 2025/ },
        firstRender,
      ),
    );
    expect(screen.getByText('1 record chosen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Preview' });
    const preview = within(heading.parentElement!);
    expect(preview.getByRole('heading', { name: 'Events attended (1)' })).toBeInTheDocument();
    expect(preview.getByText('Attended Robotics workshop on 15 Aug 2025')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Issue transcript' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue this transcript?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Issue transcript' }));
    expect(await screen.findByText('Transcript issued.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/transcripts')).toEqual([
      {
        achievementIds: [],
        positionIds: [],
        skillIds: [],
        attendanceIds: [WORKSHOP_ID],
        membershipIds: [],
      },
    ]);
  });

  it('lets a student with events attended and nothing else verified build a transcript', async () => {
    stubTranscriptApi({
      '/api/me/transcript-records': { body: { ...nothingVerified, attendance: records.attendance } },
    });
    renderApp('/transcript');
    expect(
      await screen.findByRole('heading', { name: 'Choose records' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('No verified achievements yet.')).toBeInTheDocument();
  });

  it('shows the event attended on the verification page, and marks it when it no longer stands', async () => {
    const path = `/api/verify/transcripts/${LATEST_ID}`;
    stubApi({
      session: signedOut,
      [path]: {
        body: {
          ...verification,
          withdrawn: [{ kind: 'attendance', id: WORKSHOP_ID, reason: 'record_unverified' }],
        },
      },
    });
    renderApp(`/verify/${LATEST_ID}`);
    const section = within(
      await screen.findByRole('region', { name: 'Events attended (1)' }, firstRender),
    );
    expect(section.getByText('Attended Robotics workshop on 15 Aug 2025')).toBeInTheDocument();
    expect(section.getByText('No longer valid: The record is no longer verified')).toBeInTheDocument();
  });

  it('shows a standing event attended with the check-in that verifies it', async () => {
    stubApi({ session: signedOut, [`/api/verify/transcripts/${LATEST_ID}`]: { body: verification } });
    renderApp(`/verify/${LATEST_ID}`);
    const section = within(
      await screen.findByRole('region', { name: 'Events attended (1)' }, firstRender),
    );
    expect(section.getByText('Verified by check-in, checked in by Ishaan Verma')).toBeInTheDocument();
  });
});
