import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp } from '../../../test/render-app';
import { myPython, openAddSkill, serve } from '../../../test/skill-fixtures';

beforeAll(loadPages, 30_000);

const kathak = {
  id: '00000000-0000-4000-8000-0000000000a9',
  skillCode: 'SKL-0009',
  name: 'Kathak',
  category: 'Dance',
  type: 'cultural',
  description: null,
  isEndorsed: false,
};

describe('/skills: the skill picker in the Add Skill dialog', { timeout: 20_000 }, () => {
  it('closes only the suggestions on Escape, keeping what was typed; the next Escape closes the dialog', async () => {
    serve([myPython]);
    renderApp('/skills');
    const dialog = await openAddSkill();
    const picker = await dialog.findByRole('combobox', { name: /^Skill/ });
    await userEvent.type(picker, 'pyth');
    await dialog.findByRole('option', { name: /^Python/ });

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Add Skill' })).toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    expect(picker).toHaveValue('pyth');
    expect(picker).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('marks a skill awaiting review as such', async () => {
    serve([myPython], {
      '/api/skills': { body: { items: [kathak] } },
    });
    renderApp('/skills');
    const dialog = await openAddSkill();
    await userEvent.click(await dialog.findByRole('combobox', { name: /^Skill/ }));
    const option = await dialog.findByRole('option', { name: /^Kathak/ });
    expect(option).toHaveTextContent('Kathak');
    expect(option).toHaveTextContent('Dance · cultural · awaiting review');
  });

  it("puts the skill named exactly as typed, in any case, above '+ Add new skill'", async () => {
    serve([myPython]);
    renderApp('/skills');
    const dialog = await openAddSkill();
    await userEvent.type(await dialog.findByRole('combobox', { name: /^Skill/ }), 'GUITAR');
    await dialog.findByRole('option', { name: /^Guitar/ });
    await waitFor(() =>
      expect(
        within(dialog.getByRole('listbox', { name: 'Skill' }))
          .getAllByRole('option')
          .map((option) => option.firstChild?.textContent),
      ).toEqual(['Guitar', '+ Add new skill', 'Python', 'Public Speaking']),
    );
  });
});
