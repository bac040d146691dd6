import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { alteredCheck, signedOut, validCheck } from './transcript-fixtures';

beforeAll(loadPages, 30_000);

// jsdom's Blob has no text(), which every browser has; here it reads through jsdom's FileReader.
beforeAll(() => {
  if (typeof Blob.prototype.text === 'function') return;
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsText(this);
    });
  };
});

const firstRender = { timeout: 10_000 };
const CREDENTIAL = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhc2hhIn0.c2lnbmF0dXJl';

describe('/verify', { timeout: 20_000 }, () => {
  it('asks for a credential before checking', async () => {
    const fetchMock = stubApi({
      session: signedOut,
      'POST /api/verify/credentials': { body: validCheck },
    });
    renderApp('/verify');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check a credential' }, firstRender),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Credential'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Paste a credential to check.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/verify/credentials')).toEqual([]);
  });

  it('shows a valid credential in green with what it states', async () => {
    const fetchMock = stubApi({
      session: signedOut,
      'POST /api/verify/credentials': { body: validCheck },
    });
    renderApp('/verify');
    await userEvent.type(
      await screen.findByLabelText('Credential', {}, firstRender),
      `  ${CREDENTIAL}\n`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const verdict = await screen.findByText(
      'This credential is valid: it was issued by this portal and has not been altered.',
    );
    const result = within(verdict.closest('[role="status"]') as HTMLElement);
    expect(result.getByText('Valid')).toBeInTheDocument();
    const terms = result
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Achievement', 'Smart India Hackathon'],
      ['Description', 'Winner, national level'],
      ['Subject', 'Asha Verma'],
      ['Issuer', 'Indian Institute of Technology Bhilai'],
      ['Issued', '10 Mar 2025'],
    ]);
    expect(verdict.closest('[role="status"]')!.className).toContain('bg-success-50');
    expect(sentBodies(fetchMock, 'POST', '/api/verify/credentials')).toEqual([
      { credential: CREDENTIAL },
    ]);
  });

  it('shows why a credential does not hold, in red', async () => {
    stubApi({ session: signedOut, 'POST /api/verify/credentials': { body: alteredCheck } });
    renderApp('/verify');
    await userEvent.type(await screen.findByLabelText('Credential', {}, firstRender), CREDENTIAL);
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not valid');
    expect(alert).toHaveTextContent(
      'This credential has been altered or was not signed by this portal.',
    );
    expect(alert.className).toContain('bg-danger-50');
  });

  it('shows a revoked credential whose revocation date was never recorded, with its reason', async () => {
    stubApi({
      session: signedOut,
      'POST /api/verify/credentials': {
        body: {
          ...validCheck,
          valid: false,
          message: 'This credential was revoked by the institute.',
          revocation: { revokedAt: null, reason: 'record_ended' },
        },
      },
    });
    renderApp('/verify');
    await userEvent.type(await screen.findByLabelText('Credential', {}, firstRender), CREDENTIAL);
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('Revoked', { selector: 'p' })).toBeInTheDocument();
    const terms = alert
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms.slice(0, 2)).toEqual([
      ['Revoked', 'Date not recorded'],
      ['Reason', 'The position was ended early'],
    ]);
  });

  it('reads a chosen .jwt file into the box', async () => {
    const fetchMock = stubApi({
      session: signedOut,
      'POST /api/verify/credentials': { body: validCheck },
    });
    renderApp('/verify');
    const file = new File([`${CREDENTIAL}\n`], 'smart-india-hackathon.jwt', { type: 'application/jwt' });
    await userEvent.upload(
      await screen.findByLabelText('Or choose the .jwt file', {}, firstRender),
      file,
    );
    expect(await screen.findByDisplayValue(CREDENTIAL)).toBe(screen.getByLabelText('Credential'));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Smart India Hackathon')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/verify/credentials')).toEqual([
      { credential: CREDENTIAL },
    ]);
  });

  it('asks to wait when the network made too many checks', async () => {
    stubApi({
      session: signedOut,
      'POST /api/verify/credentials': {
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message: 'Too many requests.' } },
      },
    });
    renderApp('/verify');
    await userEvent.type(await screen.findByLabelText('Credential', {}, firstRender), CREDENTIAL);
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many checks from your network. Please wait a minute and try again.',
    );
  });
});
