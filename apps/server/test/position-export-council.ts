import { currentTenure } from '@cosa/contracts';
import type { TestContext } from './build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from './factories';
import { ledgerMoney } from './ledger-money';

// The council the export tests read, and its rows as the exports must write them, typed by hand.

// The tenure under way depends on today's date: the one cell here not typed out.
const NOW = currentTenure();

export const POSITIONS_HEADER = [
  'Position ID',
  'Title',
  'Unit',
  'Unit category',
  'Type',
  'Seats',
  'Tenure',
  'Holders this tenure',
  'Minimum CGPA',
  'Minimum year',
  'Skills required',
  'Responsibilities',
  'Description',
  'State',
  'Retired at',
  'Created',
];
export const WORKSHOP_LEAD = [
  'POS-90001',
  'Workshop Lead',
  'Robotics Club',
  'technical',
  'Coordinator',
  '2',
  NOW,
  '1',
  '7.5',
  '2',
  'Soldering; CAD',
  'Run workshops; Order parts',
  'Leads the weekly workshops.',
  'Open',
  '',
  '2025-03-01 10:00',
];
export const TREASURER = [
  'POS-90002',
  "'=Treasurer",
  'Dance Club',
  'cultural',
  'Treasurer',
  '1',
  NOW,
  '0',
  '0',
  '1',
  '',
  'Keep the accounts',
  '',
  'Retired',
  '2025-04-01 12:00',
  '2025-03-02 10:00',
];
export const CHOREOGRAPHER = [
  'POS-90003',
  'Choreographer',
  'Dance Club',
  'cultural',
  'Coordinator',
  '3',
  NOW,
  '0',
  '6',
  '1',
  '',
  'Plan the shows',
  'Sets the routines.',
  'Open',
  '',
  '2025-03-04 00:15',
];

export const HOLDERS_HEADER = [
  'POR ID',
  'Name',
  'Student ID',
  'E-mail',
  'Position ID',
  'Position',
  'Unit',
  'Tenure',
  'Status',
  'Verification',
  'Appointed by',
  'Appointment date',
  'Events organized',
  'Budget utilized (INR)',
  'Created',
];
export const MEERA_LEAD = [
  'POR-90001',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'POS-90001',
  'Workshop Lead',
  'Robotics Club',
  NOW,
  'Active',
  'Verified',
  'Kavya Menon',
  '2025-06-01',
  '3',
  '8250.75',
  '2025-06-01 15:30',
];
export const ARJUN_CHOREO = [
  'POR-90002',
  'Arjun Rao',
  '22110077',
  'arjun.rao@iitbhilai.ac.in',
  'POS-90003',
  'Choreographer',
  'Dance Club',
  '2024-2025',
  'Completed',
  'Verified',
  '',
  '',
  '0',
  '0.00',
  '2025-05-01 09:00',
];
export const MEERA_TREASURER = [
  'POR-90003',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'POS-90002',
  "'=Treasurer",
  'Dance Club',
  '2023-2024',
  'Terminated',
  'Verified',
  '',
  '',
  '0',
  '0.00',
  '2024-01-10 05:30',
];

/**
 * Fills the council: two clubs, three positions, three holdings, and what the ledger paid for each
 * club this tenure (a holding's budget utilized). Returns the clubs' ids.
 */
export async function seedExportCouncil(ctx: TestContext): Promise<{ robotics: string; dance: string }> {
  const robotics = await createOrgUnit(ctx.db, { name: 'Robotics Club', category: 'technical' });
  const dance = await createOrgUnit(ctx.db, { name: 'Dance Club', category: 'cultural' });
  const lead = await createPosition(ctx.db, {
    positionCode: 'POS-90001',
    title: 'Workshop Lead',
    unitId: robotics.id,
    positionType: 'Coordinator',
    positionCount: 2,
    minCgpa: 7.5,
    minYear: 2,
    skillsRequired: ['Soldering', 'CAD'],
    responsibilities: ['Run workshops', 'Order parts'],
    description: 'Leads the weekly workshops.',
    createdAt: new Date('2025-03-01T04:30:00Z'),
  });
  const treasurer = await createPosition(ctx.db, {
    positionCode: 'POS-90002',
    title: '=Treasurer',
    unitId: dance.id,
    positionType: 'Treasurer',
    positionCount: 1,
    skillsRequired: [],
    responsibilities: ['Keep the accounts'],
    description: null,
    retiredAt: new Date('2025-04-01T06:30:00Z'),
    createdAt: new Date('2025-03-02T04:30:00Z'),
  });
  const choreographer = await createPosition(ctx.db, {
    positionCode: 'POS-90003',
    title: 'Choreographer',
    unitId: dance.id,
    positionType: 'Coordinator',
    positionCount: 3,
    minCgpa: 6,
    skillsRequired: [],
    responsibilities: ['Plan the shows'],
    description: 'Sets the routines.',
    createdAt: new Date('2025-03-03T18:45:00Z'),
  });
  const { user: meera } = await createStudent(ctx.db, {
    name: 'Meera Pillai',
    username: 'meera.pillai',
    email: 'meera.pillai@iitbhilai.ac.in',
    studentId: '22110042',
  });
  const { user: arjun } = await createStudent(ctx.db, {
    name: 'Arjun Rao',
    username: 'arjun.rao',
    email: 'arjun.rao@iitbhilai.ac.in',
    studentId: '22110077',
  });
  const president = await createUser(ctx.db, { role: 'PRESIDENT', name: 'Kavya Menon' });
  await createPositionHolder(ctx.db, {
    porCode: 'POR-90001',
    userId: meera.id,
    positionId: lead.id,
    tenureYear: NOW,
    status: 'active',
    appointedBy: president.id,
    appointmentDate: '2025-06-01',
    eventsOrganized: 3,
    budgetUtilized: 12500.5,
    createdAt: new Date('2025-06-01T10:00:00Z'),
  });
  await createPositionHolder(ctx.db, {
    porCode: 'POR-90002',
    userId: arjun.id,
    positionId: choreographer.id,
    tenureYear: '2024-2025',
    status: 'completed',
    createdAt: new Date('2025-05-01T03:30:00Z'),
  });
  await createPositionHolder(ctx.db, {
    porCode: 'POR-90003',
    userId: meera.id,
    positionId: treasurer.id,
    tenureYear: '2023-2024',
    status: 'terminated',
    createdAt: new Date('2024-01-10T00:00:00Z'),
  });
  // The typed 12500.50 on Meera's holding is history the export does not read; Arjun's and Meera's
  // Dance Club holdings are of past tenures, in which the club paid nothing.
  await ledgerMoney(ctx.db, { unitId: robotics.id, tenureYear: NOW, allocated: 8250.75, paid: 8250.75 });
  await ledgerMoney(ctx.db, { unitId: dance.id, tenureYear: NOW, allocated: 640, paid: 640 });
  return { robotics: robotics.id, dance: dance.id };
}
