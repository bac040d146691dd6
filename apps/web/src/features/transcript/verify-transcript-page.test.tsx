import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';
import {
  LATEST_ID,
  revokedVerification,
  session,
  signedOut,
  validCheck,
  verification,
} from './transcript-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const verifyPath = `/api/verify/transcripts/${LATEST_ID}`;
const NOT_FOUND = 'No transcript has this address. Check the link or the QR code and try again.';

const verificationRequests = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/verify/transcripts/'));

describe('/verify/:id', { timeout: 20_000 }, () => {
  it('shows a valid transcript to a signed-out visitor: green verdict, issuer and date, then what was issued', async () => {
    stubApi({ session: signedOut, [verifyPath]: { body: verification } });
    renderApp(`/verify/${LATEST_ID}`);
    const verdict = await screen.findByRole('heading', { level: 2, name: 'Valid' }, firstRender);
    const banner = within(verdict.closest('section')!);
    expect(
      banner.getByText('Issued by Indian Institute of Technology Bhilai on 1 Apr 2025.'),
    ).toBeInTheDocument();
    expect(verdict.closest('section')!.className).toContain('bg-success-50');
    expect(screen.queryByText(/revoked/i)).not.toBeInTheDocument();

    const student = within(screen.getByRole('region', { name: 'Student' }));
    for (const text of ['Asha Verma', '12340001', 'B.Tech', 'Computer Science & Engineering', '2024'])
      expect(student.getByText(text)).toBeInTheDocument();
    const achievements = within(screen.getByRole('region', { name: 'Achievements (1)' }));
    expect(achievements.getByText('Smart India Hackathon')).toBeInTheDocument();
    expect(
      achievements.getByText('05 Mar 2025 · Technical · Hackathon · National · Winner'),
    ).toBeInTheDocument();
    expect(achievements.getByText('Verified by Ishita Reddy on 10 Mar 2025')).toBeInTheDocument();
    const positions = within(screen.getByRole('region', { name: 'Positions of responsibility (1)' }));
    expect(positions.getByText('Verified by Sneha Kulkarni on 03 Jul 2025')).toBeInTheDocument();
    // Only what was issued: the student's other records are not on it.
    expect(screen.queryByText('Inter-college debate')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Endorsed skills/ })).not.toBeInTheDocument();
    // No app menu is needed to read it.
    expect(screen.queryByRole('navigation', { name: 'Student menu' })).not.toBeInTheDocument();
  });

  it('marks an item whose record no longer stands, and keeps the others as issued', async () => {
    const position = verification.content.positions[0]!;
    stubApi({
      session: signedOut,
      [verifyPath]: {
        body: {
          ...verification,
          withdrawn: [{ kind: 'position', id: position.id, reason: 'record_ended' }],
        },
      },
    });
    renderApp(`/verify/${LATEST_ID}`);
    await screen.findByRole('heading', { level: 2, name: 'Valid' }, firstRender);
    expect(
      screen.getByText(
        '1 item of this transcript no longer stands: the record changed after the transcript was issued. It is marked below; the other items stand as issued.',
      ),
    ).toBeInTheDocument();
    const positions = within(screen.getByRole('region', { name: 'Positions of responsibility (1)' }));
    expect(positions.getByText('No longer valid: The position was ended early')).toBeInTheDocument();
    expect(positions.queryByText('Verified by Sneha Kulkarni on 03 Jul 2025')).not.toBeInTheDocument();
    const achievements = within(screen.getByRole('region', { name: 'Achievements (1)' }));
    expect(achievements.getByText('Verified by Ishita Reddy on 10 Mar 2025')).toBeInTheDocument();
    expect(achievements.queryByText(/No longer valid/)).not.toBeInTheDocument();
  });

  it('asks search engines not to index the page, and names it in the title', async () => {
    stubApi({ session: signedOut, [verifyPath]: { body: verification } });
    renderApp(`/verify/${LATEST_ID}`);
    await screen.findByRole('heading', { level: 2, name: 'Valid' }, firstRender);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(document.title).toBe('Transcript verification · COSA Portal');
  });

  it('shows a revoked transcript in red, with the date and a warning', async () => {
    stubApi({ session, [verifyPath]: { body: revokedVerification } });
    renderApp(`/verify/${LATEST_ID}`);
    const verdict = await screen.findByRole('heading', { level: 2, name: 'Revoked' }, firstRender);
    const banner = within(verdict.closest('section')!);
    expect(
      banner.getByText('This transcript was revoked by its holder on 3 Apr 2025. Do not rely on it.'),
    ).toBeInTheDocument();
    expect(verdict.closest('section')!.className).toContain('bg-danger-50');
    expect(screen.queryByRole('heading', { name: 'Valid' })).not.toBeInTheDocument();
  });

  it('says no transcript has the address when the server knows none', async () => {
    stubApi({
      session: signedOut,
      [verifyPath]: { status: 404, body: { error: { code: 'NOT_FOUND', message: NOT_FOUND } } },
    });
    renderApp(`/verify/${LATEST_ID}`);
    expect(await screen.findByText(NOT_FOUND, {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says the same of an address that cannot be a transcript, without asking the server', async () => {
    const fetchMock = stubApi({ session: signedOut });
    renderApp('/verify/not-a-transcript');
    expect(await screen.findByText(NOT_FOUND, {}, firstRender)).toBeInTheDocument();
    expect(verificationRequests(fetchMock)).toEqual([]);
  });

  it('asks to wait when the network made too many checks', async () => {
    stubApi({
      session: signedOut,
      [verifyPath]: {
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message: 'Too many requests.' } },
      },
    });
    renderApp(`/verify/${LATEST_ID}`);
    expect(
      await screen.findByText(
        'Too many checks from your network. Please wait a minute and try again.',
        {},
        firstRender,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows a spinner while it checks', async () => {
    stubApi({ session: signedOut, [verifyPath]: 'pending' });
    renderApp(`/verify/${LATEST_ID}`);
    expect(await screen.findByText('Checking the transcript...', {}, firstRender)).toBeInTheDocument();
  });

  it('has the credential check below', async () => {
    stubApi({
      session: signedOut,
      [verifyPath]: { body: verification },
      'POST /api/verify/credentials': { body: validCheck },
    });
    renderApp(`/verify/${LATEST_ID}`);
    await screen.findByRole('heading', { level: 2, name: 'Valid' }, firstRender);
    const section = within(screen.getByRole('region', { name: 'Check a credential' }));
    await userEvent.type(section.getByLabelText('Credential'), 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln');
    await userEvent.click(section.getByRole('button', { name: 'Check' }));
    expect(
      await section.findByText(
        'This credential is valid: it was issued by this portal and has not been altered.',
      ),
    ).toBeInTheDocument();
  });
});
