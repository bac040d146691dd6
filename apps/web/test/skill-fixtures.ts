import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  CatalogueSkill,
  MyPosition,
  MyPositionList,
  UserSkill,
  UserSkillList,
} from '@cosa/contracts';
import { makeUser, stubApi } from './render-app';

// What the /skills test files share: data typed by hand, the API stubbed, steps.

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
export const firstRender = { timeout: 10_000 };
export const session = { body: { user: makeUser() } };

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

export const myPython: UserSkill = {
  id: '00000000-0000-4000-8000-0000000000b1',
  skill: python,
  proficiencyLevel: 'advanced',
  position: { id: '00000000-0000-4000-8000-0000000000c1', title: 'Coding Club Coordinator' },
  isEndorsed: true,
  declineReason: null,
  // 14:30 on 10 March 2025 in Asia/Kolkata
  createdAt: '2025-03-10T09:00:00.000Z',
};
export const myGuitar: UserSkill = {
  id: '00000000-0000-4000-8000-0000000000b2',
  skill: guitar,
  proficiencyLevel: 'beginner',
  position: null,
  isEndorsed: false,
  declineReason: null,
  createdAt: '',
};
export const mySpeaking: UserSkill = {
  id: '00000000-0000-4000-8000-0000000000b3',
  skill: speaking,
  proficiencyLevel: 'intermediate',
  position: { id: '00000000-0000-4000-8000-0000000000c1', title: 'Coding Club Coordinator' },
  isEndorsed: false,
  declineReason: null,
  createdAt: '2025-04-01T06:00:00.000Z',
};

export const list = (...items: UserSkill[]): { body: UserSkillList } => ({
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
    version: 1,
    changeable: false,
    history: [],
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
export function serve(
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

export async function openAddSkill() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Skill' }, firstRender));
  return within(await screen.findByRole('dialog', { name: 'Add Skill' }));
}

export async function pickSkill(dialog: ReturnType<typeof within>, name: string) {
  await userEvent.click(dialog.getByRole('combobox', { name: /^Skill/ }));
  await userEvent.click(
    await dialog.findByRole('option', { name: new RegExp(`^${name.replace('+', '\\+')}`) }),
  );
}

export const submit = (dialog: ReturnType<typeof within>) =>
  userEvent.click(dialog.getByRole('button', { name: 'Add Skill' }));
