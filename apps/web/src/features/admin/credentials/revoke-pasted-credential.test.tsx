import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const CREDENTIAL = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhc2hhIn0.c2lnbmF0dXJl';
const ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const URL = '/api/admin/credentials/revocations';

const revoked = {
  id: ID,
  kind: 'achievement',
  title: 'Inter-college Battle of Bands, first place',
  issuedAt: '2024-03-02T10:00:00.000Z',
  status: 'revoked',
  revokedAt: '2026-11-28T10:00:00.000Z',
  reason: 'holder_request',
};

describe('/admin/credentials: revoking a credential by its file', { timeout: 30_000 }, () => {
  it('asks for the credential and a reason, shows the server’s refusal under the field, then lists what it revoked', async () => {
    let attempts = 0;
    const fetchMock = stubApi({
      session: { body: { user: makeUser({ role: 'ADMIN', name: 'Registrar' }) } },
      '/api/admin/credentials': () => ({
        body: {
          items:
            attempts > 1
              ? [
                  {
                    ...revoked,
                    legacy: true,
                    holder: { name: 'Mrunal Gokhale', studentId: '12230141' },
                    note: null,
                    revokedBy: 'Registrar',
                  },
                ]
              : [],
          total: attempts > 1 ? 1 : 0,
        },
      }),
      [`POST ${URL}`]: () =>
        ++attempts === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION_ERROR',
                  message: 'This credential has been altered or was not signed by this portal.',
                  fields: {
                    credential: 'This credential has been altered or was not signed by this portal.',
                  },
                },
              },
            }
          : { body: revoked },
    });
    renderApp('/admin/credentials');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revoke a credential by its file' }, firstRender),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Revoke a credential by its file' }),
    );
    expect(
      dialog.getByText(/downloaded before credentials carried a revocation status/),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke credential' }));
    expect(await dialog.findByText('Paste a credential to check.')).toBeInTheDocument();
    expect(dialog.getByText('Choose a reason for the revocation.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', URL)).toEqual([]);

    await userEvent.type(dialog.getByRole('textbox', { name: 'Credential' }), CREDENTIAL);
    await userEvent.selectOptions(dialog.getByLabelText(/^Reason/), "At the holder's request");
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke credential' }));
    expect(
      await dialog.findByText('This credential has been altered or was not signed by this portal.'),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke credential' }));
    expect(await screen.findByText('Credential revoked. Its check now says so.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', URL)).toEqual([
      { credential: CREDENTIAL, reason: 'holder_request' },
      { credential: CREDENTIAL, reason: 'holder_request' },
    ]);
    // The list is read again after the revocation, for the new search: the card is looked up anew
    // until it shows what the new answer says.
    await waitFor(() => {
      const card = within(
        screen.getByRole('region', { name: 'Inter-college Battle of Bands, first place' }),
      );
      expect(
        card.getByText(/signed before credentials carried a revocation status/),
      ).toBeInTheDocument();
      expect(card.getByText(/by Registrar: At the holder's request/)).toBeInTheDocument();
    });
  });
});
