import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import {
  admin,
  candidate,
  CULT_POST_ID,
  election,
  ELECTION_ID,
  MEERA_NOMINATION,
  post,
  QUIZ_POST_ID,
  ROHAN_NOMINATION,
  student,
} from './election-fixtures';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const electionPath = `/api/elections/${ELECTION_ID}`;
const decisionPath = (id: string) => `/api/elections/nominations/${id}/decision`;

describe('/elections/{id} for its managers and voters', { timeout: 30_000 }, () => {
  it('lets a manager accept a filed nomination, and reject one only with a reason', async () => {
    const ROHAN_PDF = 'a1'.repeat(32);
    const filed = (id: string, name: string) => candidate({ id, name, status: 'filed' });
    const fetchMock = stubApi({
      session: admin,
      [electionPath]: {
        body: {
          election: election({
            canManage: true,
            posts: [
              post({
                canVote: { ok: false, reason: 'Only students vote in council elections.' },
                canStand: { ok: false, reason: 'Only students stand in council elections.' },
                candidates: [
                  // Rohan's nomination has a manifesto PDF the manager reads before deciding.
                  { ...filed(ROHAN_NOMINATION, 'Rohan Das'), manifestoPdfSha256: ROHAN_PDF },
                  filed(MEERA_NOMINATION, 'Meera Iyer'),
                  candidate({
                    id: '00000000-0000-4000-8000-0000000000c9',
                    name: 'Kavya Nair',
                    status: 'rejected',
                    reason: 'Not in the 2nd year.',
                  }),
                ],
              }),
            ],
          }),
        },
      },
      [`POST ${decisionPath(ROHAN_NOMINATION)}`]: { body: { candidate: candidate() } },
      [`POST ${decisionPath(MEERA_NOMINATION)}`]: {
        body: { candidate: candidate({ id: MEERA_NOMINATION, status: 'rejected' }) },
      },
    });
    renderApp(`/elections/${ELECTION_ID}`);
    const rohan = within(await screen.findByRole('article', { name: 'Rohan Das' }, firstRender));
    expect(rohan.getByText('Awaiting decision')).toBeInTheDocument();
    expect(screen.getByText('Only students vote in council elections.')).toBeInTheDocument();
    const kavya = within(screen.getByRole('article', { name: 'Kavya Nair' }));
    expect(kavya.getByText('Rejected')).toBeInTheDocument();
    expect(kavya.getByText('Reason: Not in the 2nd year.')).toBeInTheDocument();
    expect(kavya.queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(rohan.getByRole('button', { name: 'Accept Rohan Das' }));
    expect(await screen.findByText('Rohan Das is now a candidate.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', decisionPath(ROHAN_NOMINATION))).toEqual([
      { decision: 'accept', manifestoPdfSha256: ROHAN_PDF },
    ]);

    const meera = within(screen.getByRole('article', { name: 'Meera Iyer' }));
    await userEvent.click(meera.getByRole('button', { name: 'Reject Meera Iyer' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: "Reject Meera Iyer's nomination?" }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Reject nomination' }));
    expect(await dialog.findByText('Give a reason for the rejection.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', decisionPath(MEERA_NOMINATION))).toEqual([]);
    await userEvent.type(dialog.getByLabelText(/^Reason for the rejection/), 'No proposers signed.');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject nomination' }));
    expect(
      await screen.findByText("Meera Iyer's nomination is rejected. They can read your reason."),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', decisionPath(MEERA_NOMINATION))).toEqual([
      { decision: 'reject', reason: 'No proposers signed.', manifestoPdfSha256: null },
    ]);
  });

  it('while voting is open: a Vote link, that one has voted, or why one may not vote', async () => {
    stubApi({
      session: student,
      [electionPath]: {
        body: {
          election: election({
            phase: 'voting',
            posts: [
              post(),
              post({ id: QUIZ_POST_ID, positionTitle: 'Quizmaster', voted: true }),
              post({
                id: '00000000-0000-4000-8000-0000000000b3',
                positionTitle: 'Sports Captain',
                canVote: {
                  ok: false,
                  reason:
                    "This post is voted by batch 2022 only. If the institute's record is wrong, ask for a correction on your profile.",
                },
              }),
            ],
          }),
        },
      },
    });
    renderApp(`/elections/${ELECTION_ID}`);
    const cult = within(
      await screen.findByRole('region', { name: 'General Secretary, Cultural Affairs' }, firstRender),
    );
    expect(
      cult.getByRole('link', { name: 'Vote for General Secretary, Cultural Affairs' }),
    ).toHaveAttribute('href', `/elections/${ELECTION_ID}/posts/${CULT_POST_ID}/vote`);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const quiz = within(screen.getByRole('region', { name: 'Quizmaster' }));
    expect(quiz.getByText('You have voted for this post.')).toBeInTheDocument();
    expect(quiz.queryByRole('link', { name: /^Vote/ })).not.toBeInTheDocument();
    const sports = within(screen.getByRole('region', { name: 'Sports Captain' }));
    expect(sports.getByText(/^This post is voted by batch 2022 only\./)).toBeInTheDocument();
    expect(sports.queryByRole('link', { name: /^Vote/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('after the close: the results of each post, and the certification after asking', async () => {
    const certificationPath = `/api/elections/${ELECTION_ID}/certification`;
    let certified = false;
    const fetchMock = stubApi({
      session: admin,
      [electionPath]: () => ({
        body: {
          election: election({
            canManage: true,
            phase: certified ? 'certified' : 'counting',
            certifiedAt: certified ? '2099-01-21T06:30:00.000Z' : null,
          }),
        },
      }),
      [`POST ${certificationPath}`]: () => {
        certified = true;
        return { body: { election: election({ phase: 'certified' }) } };
      },
    });
    renderApp(`/elections/${ELECTION_ID}`);
    const cult = within(
      await screen.findByRole('region', { name: 'General Secretary, Cultural Affairs' }, firstRender),
    );
    expect(
      cult.getByRole('link', { name: 'Results for General Secretary, Cultural Affairs' }),
    ).toHaveAttribute('href', `/elections/${ELECTION_ID}/posts/${CULT_POST_ID}/results`);
    await userEvent.click(screen.getByRole('button', { name: 'Certify the result' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Certify the result?' }));
    expect(sentBodies(fetchMock, 'POST', certificationPath)).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: 'Certify' }));
    expect(
      await screen.findByText('Result certified: the winners now hold their positions.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', certificationPath)).toHaveLength(1);
    expect(await screen.findByText('21 Jan 2099, 12:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Certify the result' })).not.toBeInTheDocument();
  });
});
