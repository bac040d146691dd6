import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies } from '../../../test/render-app';
import {
  myPython,
  myGuitar,
  mySpeaking,
  serve,
  openAddSkill,
  pickSkill,
  submit,
} from '../../../test/skill-fixtures';

beforeAll(loadPages, 30_000);

describe('/skills: adding a skill', { timeout: 20_000 }, () => {
  it("says 'Please select a skill.' and sends nothing when no skill is chosen", async () => {
    const fetchMock = serve([myPython]);
    renderApp('/skills');
    const dialog = await openAddSkill();
    expect(dialog.getByLabelText(/^Proficiency level/)).toHaveValue('beginner');
    await submit(dialog);
    expect(await dialog.findByText('Please select a skill.')).toBeInTheDocument();
    expect(await dialog.findByRole('combobox', { name: /^Skill/ })).toHaveAccessibleDescription(
      expect.stringContaining('Please select a skill.'),
    );
    expect(sentBodies(fetchMock, 'POST', '/api/me/skills')).toEqual([]);
  });

  it("reveals the new-skill fields on '+ Add new skill' and wants name, category and type", async () => {
    const fetchMock = serve([myPython]);
    renderApp('/skills');
    const dialog = await openAddSkill();
    expect(dialog.queryByLabelText(/^Skill name/)).not.toBeInTheDocument();
    await pickSkill(dialog, '+ Add new skill');
    expect(dialog.getByLabelText(/^Skill name/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Category/)).toBeInTheDocument();
    const type = dialog.getByLabelText(/^Skill type/);
    for (const name of ['Technical', 'Cultural', 'Sports', 'Academic'])
      expect(within(type).getByRole('option', { name })).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Description/)).toBeInTheDocument();

    await userEvent.type(dialog.getByLabelText(/^Skill name/), '   ');
    await userEvent.type(dialog.getByLabelText(/^Category/), 'Dance');
    await userEvent.selectOptions(type, 'cultural');
    await submit(dialog);
    expect(
      await dialog.findByText('Please fill all required fields in the new skill form.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/skills')).toEqual([]);
  });

  it('refuses a catalogue skill the student already has, without asking the server', async () => {
    const fetchMock = serve([myPython]);
    renderApp('/skills');
    const dialog = await openAddSkill();
    await pickSkill(dialog, 'Python');
    await submit(dialog);
    expect(await dialog.findByText('You have already added this skill.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/skills')).toEqual([]);
  });

  it('refuses a new skill named like one the student has, in any case', async () => {
    const fetchMock = serve([myGuitar]);
    renderApp('/skills');
    const dialog = await openAddSkill();
    await pickSkill(dialog, '+ Add new skill');
    await userEvent.type(dialog.getByLabelText(/^Skill name/), ' gUITAR ');
    await userEvent.type(dialog.getByLabelText(/^Category/), 'Music');
    await userEvent.selectOptions(dialog.getByLabelText(/^Skill type/), 'cultural');
    await submit(dialog);
    expect(await dialog.findByText('You have already added this skill.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/skills')).toEqual([]);
  });

  it('adds a catalogue skill with a proficiency and one of the student’s positions, then refreshes the list', async () => {
    const fetchMock = serve([myPython], {}, [myPython, mySpeaking]);
    renderApp('/skills');
    const dialog = await openAddSkill();
    await pickSkill(dialog, 'Public Speaking');
    await userEvent.selectOptions(dialog.getByLabelText(/^Proficiency level/), 'intermediate');
    const position = dialog.getByLabelText(/^Associated position/);
    // A position held in two tenures is offered once.
    await waitFor(() =>
      expect(
        within(position)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['None', 'Coding Club Coordinator', 'Cultural Secretary']),
    );
    await userEvent.selectOptions(position, 'Coding Club Coordinator');
    await submit(dialog);

    expect(await screen.findByText('Skill added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Skills (2)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Public Speaking' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/skills')).toEqual([
      {
        skillId: '00000000-0000-4000-8000-0000000000a3',
        proficiencyLevel: 'intermediate',
        positionId: '00000000-0000-4000-8000-0000000000c1',
      },
    ]);
  });

  it('adds a new skill with the default proficiency and no position', async () => {
    const fetchMock = serve([myPython]);
    renderApp('/skills');
    const dialog = await openAddSkill();
    await pickSkill(dialog, '+ Add new skill');
    await userEvent.type(dialog.getByLabelText(/^Skill name/), '  Kathak ');
    await userEvent.type(dialog.getByLabelText(/^Category/), 'Dance');
    await userEvent.selectOptions(dialog.getByLabelText(/^Skill type/), 'cultural');
    await submit(dialog);
    expect(await screen.findByText('Skill added successfully!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/me/skills')).toEqual([
      {
        newSkill: { name: 'Kathak', category: 'Dance', type: 'cultural', description: null },
        proficiencyLevel: 'beginner',
        positionId: null,
      },
    ]);
  });

  it("says 'Error adding skill.' when the server fails, and keeps the dialog open", async () => {
    serve([], {
      'POST /api/me/skills': {
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } },
      },
    });
    renderApp('/skills');
    const dialog = await openAddSkill();
    await pickSkill(dialog, 'Guitar');
    await submit(dialog);
    expect(await dialog.findByText('Error adding skill.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Skill' })).toBeInTheDocument();
  });

  it("shows the server's duplicate message on a 409", async () => {
    serve([], {
      'POST /api/me/skills': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'You have already added this skill.' } },
      },
    });
    renderApp('/skills');
    const dialog = await openAddSkill();
    await pickSkill(dialog, 'Guitar');
    await submit(dialog);
    expect(await dialog.findByText('You have already added this skill.')).toBeInTheDocument();
    expect(dialog.queryByText('Error adding skill.')).not.toBeInTheDocument();
  });

  it("puts the server's field message under the skill picker", async () => {
    serve([], {
      'POST /api/me/skills': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid input',
            fields: { skillId: 'Please select a valid skill.' },
          },
        },
      },
    });
    renderApp('/skills');
    const dialog = await openAddSkill();
    await pickSkill(dialog, 'Guitar');
    await submit(dialog);
    expect(await dialog.findByText('Please select a valid skill.')).toBeInTheDocument();
    expect(await dialog.findByRole('combobox', { name: /^Skill/ })).toHaveAccessibleDescription(
      expect.stringContaining('Please select a valid skill.'),
    );
  });
});
