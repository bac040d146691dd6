import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSkill } from '@cosa/contracts';
import { toast } from '../../../lib/toast';
import { loadPages } from '../../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../../test/render-app';

beforeAll(loadPages, 30_000);
afterEach(() => toast.dismiss());

const firstRender = { timeout: 10_000 };
const session = {
  body: {
    user: makeUser({
      id: '00000000-0000-4000-8000-00000000ad01',
      role: 'ADMIN',
      name: 'Priya Venkatesh',
      studentId: null,
      onboardingComplete: false,
    }),
  },
};
const PYHTON = '00000000-0000-4000-8000-0000000000a1';
const PYTHON = '00000000-0000-4000-8000-0000000000a2';

const skill = (overrides: Partial<AdminSkill> = {}): AdminSkill => ({
  id: PYHTON,
  skillCode: 'SKL-00042',
  name: 'Pyhton',
  category: 'Programming',
  type: 'technical',
  description: null,
  state: 'awaiting',
  usage: 3,
  createdBy: { id: 's1', name: 'Asha Verma' },
  mergedInto: null,
  declineReason: null,
  retiredAt: null,
  createdAt: '2026-02-01T10:00:00.000Z',
  ...overrides,
});
const python = skill({
  id: PYTHON,
  skillCode: 'SKL-00001',
  name: 'Python',
  state: 'endorsed',
  usage: 40,
  createdBy: null,
});

const list = (items: AdminSkill[], total = items.length, overall = 120) => ({
  body: { items, total, overall, page: 1, pageSize: 20 },
});
const skillQueries = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/skills')
    .map((url) => Object.fromEntries(url.searchParams));

describe('/admin/skills', { timeout: 30_000 }, () => {
  it('lists skills with their usage and state, filters on the server and exports the filtered list', async () => {
    const fetchMock = stubApi({
      session,
      '/api/admin/skills': list(
        [
          python,
          skill({
            state: 'retired',
            usage: 0,
            retiredAt: '2026-03-01T00:00:00.000Z',
            mergedInto: { id: PYTHON, name: 'Python' },
          }),
        ],
        2,
      ),
    });
    renderApp('/admin/skills');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Skill catalogue' }, firstRender),
    ).toBeInTheDocument();
    const card = within(await screen.findByRole('article', { name: 'Python' }));
    expect(card.getByText('40 students hold it')).toBeInTheDocument();
    expect(card.getByText('Endorsed')).toBeInTheDocument();
    expect(card.getByText(/Added by the institute/)).toBeInTheDocument();
    const merged = within(screen.getByRole('article', { name: 'Pyhton' }));
    expect(merged.getByText('Merged into Python')).toBeInTheDocument();
    expect(merged.queryByRole('button')).toBeNull();
    expect(screen.getByText('Showing 2 of 120 skills')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Technical');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Awaiting review');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search skills' }), 'pyt');
    await waitFor(() =>
      expect(skillQueries(fetchMock).at(-1)).toEqual({ q: 'pyt', type: 'technical', state: 'awaiting' }),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/skills/export?q=pyt&type=technical&state=awaiting',
    );
  });

  it('shows the empty and the failed states', async () => {
    stubApi({ session, '/api/admin/skills': list([], 0) });
    const { unmount } = renderApp('/admin/skills?q=nothing');
    expect(
      await screen.findByText('No skills match your search and filters.', {}, firstRender),
    ).toBeInTheDocument();
    unmount();
    stubApi({
      session,
      '/api/admin/skills': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } },
    });
    renderApp('/admin/skills');
    expect(
      await screen.findByText('The skills could not be loaded. Please try again.', {}, firstRender),
    ).toBeInTheDocument();
  });

  it('renames a skill, sending only what changed, and shows a taken name under the field', async () => {
    let attempt = 0;
    const fetchMock = stubApi({
      session,
      '/api/admin/skills': list([skill()]),
      [`PATCH /api/admin/skills/${PYHTON}`]: () =>
        (attempt += 1) === 1
          ? {
              status: 409,
              body: {
                error: {
                  code: 'CONFLICT',
                  message: 'Another skill already has this name.',
                  fields: { name: 'Another skill already has this name.' },
                },
              },
            }
          : { body: { skill: skill({ name: 'Python 3' }) } },
    });
    renderApp('/admin/skills');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Pyhton' }, firstRender));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Pyhton' }));
    const name = dialog.getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Python');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('Another skill already has this name.')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Python 3');
    await userEvent.selectOptions(dialog.getByLabelText('Type'), 'Academic');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Skill updated.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', `/api/admin/skills/${PYHTON}`)).toEqual([
      { name: 'Python' },
      { name: 'Python 3', type: 'academic' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('merges a duplicate into the skill picked, after showing what moves', async () => {
    const fetchMock = stubApi({
      session,
      '/api/admin/skills': list([
        skill(),
        python,
        skill({ id: 'r1', name: 'Python 2', state: 'retired' }),
      ]),
      [`GET /api/admin/skills/${PYHTON}/merge`]: { body: { moving: 2, collapsing: 1 } },
      [`POST /api/admin/skills/${PYHTON}/merge`]: {
        body: { skill: { ...python, usage: 42 }, moved: 2, collapsed: 1 },
      },
    });
    renderApp('/admin/skills');
    await userEvent.click(await screen.findByRole('button', { name: 'Merge Pyhton' }, firstRender));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Merge Pyhton into another skill' }),
    );
    const confirm = dialog.getByRole('button', { name: 'Merge skills' });
    expect(confirm).toBeDisabled();
    await userEvent.click(await dialog.findByRole('combobox', { name: /Merge into/ }));
    // Neither the duplicate itself nor a retired skill is offered.
    const options = await dialog.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['PythonProgramming · 40 students']);
    await userEvent.click(options[0]!);
    expect(
      await dialog.findByText("2 students' claims move, 1 duplicate collapses."),
    ).toBeInTheDocument();
    expect(dialog.getByText(/This cannot be undone/)).toBeInTheDocument();
    await userEvent.click(confirm);
    expect(await screen.findByText('Merged into Python.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', `/api/admin/skills/${PYHTON}/merge`)).toEqual([
      { intoId: PYTHON },
    ]);
  });

  it("closes only the merge picker's suggestions on Escape, keeping what was typed", async () => {
    stubApi({ session, '/api/admin/skills': list([skill(), python]) });
    renderApp('/admin/skills');
    await userEvent.click(await screen.findByRole('button', { name: 'Merge Pyhton' }, firstRender));
    const title = 'Merge Pyhton into another skill';
    const dialog = within(await screen.findByRole('dialog', { name: title }));
    const picker = await dialog.findByRole('combobox', { name: /Merge into/ });
    await userEvent.type(picker, 'pyt');
    await dialog.findByRole('option', { name: /^Python/ });
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    expect(picker).toHaveValue('pyt');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("retires a skill after confirming, and shows the server's refusal in the dialog", async () => {
    let attempt = 0;
    const fetchMock = stubApi({
      session,
      '/api/admin/skills': list([skill()]),
      [`POST /api/admin/skills/${PYHTON}/retirement`]: () =>
        (attempt += 1) === 1
          ? {
              status: 409,
              body: { error: { code: 'CONFLICT', message: 'This skill is already retired.' } },
            }
          : { body: { skill: skill({ state: 'retired' }) } },
    });
    renderApp('/admin/skills');
    await userEvent.click(await screen.findByRole('button', { name: 'Retire Pyhton' }, firstRender));
    const dialog = within(await screen.findByRole('dialog', { name: 'Retire Pyhton?' }));
    expect(dialog.getByText(/The 3 students who hold it keep it./)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Retire skill' }));
    expect(await dialog.findByText('This skill is already retired.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Retire skill' }));
    expect(
      await screen.findByText('Skill retired. Students who hold it keep it; it leaves the catalogue.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', `/api/admin/skills/${PYHTON}/retirement`)).toHaveLength(2);
  });
});
