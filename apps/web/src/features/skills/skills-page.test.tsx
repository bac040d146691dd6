import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies, stubApi } from '../../../test/render-app';
import { firstRender, session, myPython, myGuitar, list, serve } from '../../../test/skill-fixtures';

beforeAll(loadPages, 30_000);

describe('/skills', { timeout: 20_000 }, () => {
  it("lists the student's skills with what each one shows", async () => {
    serve([myPython, myGuitar]);
    renderApp('/skills');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Skills (2)' }, firstRender),
    ).toBeInTheDocument();

    const first = within(screen.getByRole('heading', { name: 'Python' }).closest('article')!);
    expect(first.getByText('Advanced')).toBeInTheDocument();
    expect(first.getByText('Programming')).toBeInTheDocument();
    expect(first.getByText('10 Mar 2025')).toBeInTheDocument();
    expect(first.getByText('Coding Club Coordinator')).toBeInTheDocument();
    expect(first.getByText('Endorsed')).toBeInTheDocument();
    expect(first.getByText('A general-purpose programming language.')).toBeInTheDocument();
    expect(first.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    const second = within(screen.getByRole('heading', { name: 'Guitar' }).closest('article')!);
    expect(second.getByText('Beginner')).toBeInTheDocument();
    expect(second.getByText('Music')).toBeInTheDocument();
    expect(second.getByText('N/A')).toBeInTheDocument();
    expect(second.getByText('None')).toBeInTheDocument();
    expect(second.getByText('Not Endorsed')).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Remove Guitar' })).toBeInTheDocument();
  });

  it("marks a declined skill 'Declined' with the official's reason, instead of 'Not Endorsed'", async () => {
    serve([myPython, { ...myGuitar, declineReason: 'Please add a recording of a performance.' }]);
    renderApp('/skills');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Skills (2)' }, firstRender),
    ).toBeInTheDocument();
    const declined = within(screen.getByRole('heading', { name: 'Guitar' }).closest('article')!);
    expect(declined.getByText('Declined')).toBeInTheDocument();
    expect(declined.queryByText('Not Endorsed')).not.toBeInTheDocument();
    expect(declined.getByText('Please add a recording of a performance.')).toHaveTextContent(
      'Reason given by the official: Please add a recording of a performance.',
    );
    // An endorsed skill says nothing of a decline.
    const endorsed = within(screen.getByRole('heading', { name: 'Python' }).closest('article')!);
    expect(endorsed.getByText('Endorsed')).toBeInTheDocument();
    expect(endorsed.queryByText('Declined')).not.toBeInTheDocument();
  });

  it("says 'No skills added yet' when there are none", async () => {
    serve([]);
    renderApp('/skills');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Skills (0)' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('No skills added yet')).toBeInTheDocument();
  });

  it('shows a spinner while the list loads', async () => {
    stubApi({ session, '/api/me/skills': 'pending' });
    renderApp('/skills');
    expect(await screen.findByText('Loading skills...', {}, firstRender)).toBeInTheDocument();
  });

  it('shows a failure in a red box and loads again on Retry', async () => {
    let calls = 0;
    stubApi({
      session,
      '/api/me/skills': () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } }
          : list(myPython),
    });
    renderApp('/skills');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'Failed to fetch skills',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Skills (1)' }),
    ).toBeInTheDocument();
  });

  it('removes an unendorsed skill only after a confirmation', async () => {
    const fetchMock = serve([myPython, myGuitar], {
      'DELETE /api/me/skills/00000000-0000-4000-8000-0000000000b2': { status: 204 },
    });
    renderApp('/skills');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Guitar' }, firstRender));
    let confirm = within(await screen.findByRole('dialog', { name: 'Remove skill?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      sentBodies(fetchMock, 'DELETE', '/api/me/skills/00000000-0000-4000-8000-0000000000b2'),
    ).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Guitar' }));
    confirm = within(await screen.findByRole('dialog', { name: 'Remove skill?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Skill removed.')).toBeInTheDocument();
    expect(
      sentBodies(fetchMock, 'DELETE', '/api/me/skills/00000000-0000-4000-8000-0000000000b2'),
    ).toHaveLength(1);
  });

  it("shows the server's reason when a removal is refused", async () => {
    serve([myGuitar], {
      'DELETE /api/me/skills/00000000-0000-4000-8000-0000000000b2': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'An endorsed skill cannot be removed.' } },
      },
    });
    renderApp('/skills');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Guitar' }, firstRender));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove skill?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await confirm.findByText('An endorsed skill cannot be removed.')).toBeInTheDocument();
  });
});
