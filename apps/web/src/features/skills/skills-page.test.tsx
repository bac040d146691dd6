import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CatalogueSkill,
  MyPosition,
  MyPositionList,
  UserSkill,
  UserSkillList,
} from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const session = { body: { user: makeUser() } };

const python: CatalogueSkill = {
  id: '00000000-0000-4000-8000-0000000000a1',
  skillCode: 'SKL-0001',
  name: 'Python',
  category: 'Programming',
  type: 'technical',
  description: 'A general-purpose programming language.',
  isEndorsed: true,
};
const guitar: CatalogueSkill = {
  id: '00000000-0000-4000-8000-0000000000a2',
  skillCode: 'SKL-0002',
  name: 'Guitar',
  category: 'Music',
  type: 'cultural',
  description: null,
  isEndorsed: true,
};
const speaking: CatalogueSkill = {
  id: '00000000-0000-4000-8000-0000000000a3',
  skillCode: 'SKL-0003',
  name: 'Public Speaking',
  category: 'Communication',
  type: 'academic',
  description: null,
  isEndorsed: true,
};

const myPython: UserSkill = {
  id: '00000000-0000-4000-8000-0000000000b1',
  skill: python,
  proficiencyLevel: 'advanced',
  position: { id: '00000000-0000-4000-8000-0000000000c1', title: 'Coding Club Coordinator' },
  isEndorsed: true,
  declineReason: null,
  // 14:30 on 10 March 2025 in Asia/Kolkata
  createdAt: '2025-03-10T09:00:00.000Z',
};
const myGuitar: UserSkill = {
  id: '00000000-0000-4000-8000-0000000000b2',
  skill: guitar,
  proficiencyLevel: 'beginner',
  position: null,
  isEndorsed: false,
  declineReason: null,
  createdAt: '',
};
const mySpeaking: UserSkill = {
  id: '00000000-0000-4000-8000-0000000000b3',
  skill: speaking,
  proficiencyLevel: 'intermediate',
  position: { id: '00000000-0000-4000-8000-0000000000c1', title: 'Coding Club Coordinator' },
  isEndorsed: false,
  declineReason: null,
  createdAt: '2025-04-01T06:00:00.000Z',
};

const list = (...items: UserSkill[]): { body: UserSkillList } => ({
  body: { items, total: items.length },
});

function positionRecord(id: string, positionId: string, title: string, tenureYear: string): MyPosition {
  return {
    id,
    porCode: `POR-${id.slice(-4)}`,
    position: {
      id: positionId,
      positionCode: 'POS-0001',
      title,
      unit: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Coding Club', category: 'technical' },
    },
    tenureYear,
    status: 'active',
    appointment: null,
    metrics: { eventsOrganized: 0, budgetUtilized: 0, feedback: null },
    verification: 'verified',
    declineReason: null,
    createdAt: '2024-08-01T00:00:00.000Z',
    updatedAt: '2024-08-01T00:00:00.000Z',
  };
}
const positions: { body: MyPositionList } = {
  body: {
    items: [
      positionRecord(
        '00000000-0000-4000-8000-0000000000e1',
        '00000000-0000-4000-8000-0000000000c1',
        'Coding Club Coordinator',
        '2024-2025',
      ),
      positionRecord(
        '00000000-0000-4000-8000-0000000000e2',
        '00000000-0000-4000-8000-0000000000c1',
        'Coding Club Coordinator',
        '2023-2024',
      ),
      positionRecord(
        '00000000-0000-4000-8000-0000000000e3',
        '00000000-0000-4000-8000-0000000000c2',
        'Cultural Secretary',
        '2024-2025',
      ),
    ],
    total: 3,
    overall: 3,
    page: 1,
    pageSize: 100,
    tenureYears: ['2024-2025', '2023-2024'],
  },
};
const catalogue = { body: { items: [python, guitar, speaking] } };

/** The skills page with the student's skills; `after` is the list the server holds once a change went through. */
function serve(
  mine: UserSkill[],
  extra: Record<string, Parameters<typeof stubApi>[0][string]> = {},
  after?: UserSkill[],
) {
  let changed = false;
  return stubApi({
    session,
    'GET /api/me/skills': () => list(...(changed && after ? after : mine)),
    '/api/skills': catalogue,
    '/api/me/positions': positions,
    'POST /api/me/skills': () => {
      changed = true;
      return { status: 201, body: { userSkill: after?.at(-1) ?? myGuitar } };
    },
    ...extra,
  });
}

async function openAddSkill() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Skill' }, firstRender));
  return within(await screen.findByRole('dialog', { name: 'Add Skill' }));
}

async function pickSkill(dialog: ReturnType<typeof within>, name: string) {
  await userEvent.click(dialog.getByRole('combobox', { name: /^Skill/ }));
  await userEvent.click(
    await dialog.findByRole('option', { name: new RegExp(`^${name.replace('+', '\\+')}`) }),
  );
}

const submit = (dialog: ReturnType<typeof within>) =>
  userEvent.click(dialog.getByRole('button', { name: 'Add Skill' }));

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
    expect(first.getByText('Mar 10, 2025')).toBeInTheDocument();
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

  it("says 'Please select a skill.' and sends nothing when no skill is chosen", async () => {
    const fetchMock = serve([myPython]);
    renderApp('/skills');
    const dialog = await openAddSkill();
    expect(dialog.getByLabelText(/^Proficiency level/)).toHaveValue('beginner');
    await submit(dialog);
    expect(await dialog.findByText('Please select a skill.')).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: /^Skill/ })).toHaveAccessibleDescription(
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
    expect(dialog.getByRole('combobox', { name: /^Skill/ })).toHaveAccessibleDescription(
      expect.stringContaining('Please select a valid skill.'),
    );
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
