import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { toast } from '../../lib/toast';
import { debateWin, failure, gensecSession, outcome, pendingList } from './test-fixtures';

beforeAll(loadPages, 30_000);
afterEach(() => toast.dismiss());

const ID = '00000000-0000-4000-8000-0000000000e1';
const VERIFY = `/api/endorsements/achievements/${ID}/verify`;
const DECLINE = `/api/endorsements/achievements/${ID}/decline`;
const BULK = '/api/endorsements/achievements/bulk-verify';
// The achievement as the student last edited it: its third version.
const edited = { ...debateWin, version: 3 };

describe('the endorsement panel names the version of the achievement it showed', () => {
  it('sends it with Verify, Decline and Verify selected', async () => {
    const fetchMock = stubApi({
      session: gensecSession,
      '/api/endorsements/achievements': pendingList([edited]),
      [`POST ${VERIFY}`]: outcome(ID),
      [`POST ${DECLINE}`]: outcome(ID),
      [`POST ${BULK}`]: { body: { results: [{ id: ID, outcome: outcome(ID).body, refused: null }] } },
    });
    renderApp('/gensec-endorse?tab=achievements');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Verify Inter-college debate by Asha Verma' }),
    );
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', VERIFY)).toEqual([{ version: 3 }]));

    await userEvent.click(
      await screen.findByRole('button', { name: 'Decline Inter-college debate by Asha Verma' }),
    );
    await userEvent.type(await screen.findByRole('textbox', { name: /reason/i }), 'No certificate.');
    await userEvent.click(screen.getByRole('button', { name: /^Decline$/ }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', DECLINE)).toEqual([
        { reason: 'No certificate.', version: 3 },
      ]),
    );

    await userEvent.click(await screen.findByRole('checkbox', { name: /Inter-college debate/ }));
    await userEvent.click(screen.getByRole('button', { name: /Verify selected/ }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', BULK)).toEqual([{ ids: [ID], versions: { [ID]: 3 } }]),
    );
  });

  it('says so when the student changed it since, and fetches the list again', async () => {
    let calls = 0;
    stubApi({
      session: gensecSession,
      '/api/endorsements/achievements': () => {
        calls += 1;
        return pendingList([edited]);
      },
      [`POST ${VERIFY}`]: failure(
        409,
        'CONFLICT',
        'The student changed this item after you opened it. Review it again.',
      ),
    });
    renderApp('/gensec-endorse?tab=achievements');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Verify Inter-college debate by Asha Verma' }),
    );
    expect(
      await screen.findByText('The student changed this item after you opened it. Review it again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls).toBeGreaterThan(1));
  });
});
