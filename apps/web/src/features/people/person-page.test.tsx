import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PersonPage } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

// The first render of a lazy page in a file is cold; the query that waits for it waits longer.
const firstRender = { timeout: 10_000 };
const ID = '00000000-0000-4000-8000-000000000042';
const personPath = `/api/people/${ID}`;
const student = { body: { user: makeUser() } };
const gensec = { body: { user: makeUser({ role: 'GENSEC_SCITECH', name: 'Vikram Rao' }) } };
const admin = { body: { user: makeUser({ role: 'ADMIN', name: 'Office Staff' }) } };

const kavya: PersonPage = {
  id: ID,
  name: 'Kavya Menon',
  photoUrl: null,
  role: 'STUDENT',
  roleLabel: 'Student',
  academic: { program: 'B.Tech', discipline: 'Electrical Engineering', admissionYear: 2023 },
  positions: [
    {
      id: 'h1',
      title: 'Outreach Lead',
      unit: { id: 'u1', name: 'Astronomy Club' },
      tenure: '2024-2025',
      status: 'completed',
    },
  ],
  achievements: [
    {
      id: 'a1',
      title: 'Messier Marathon',
      category: 'Observation',
      type: 'technical',
      level: 'national',
      dateAchieved: '2025-03-05',
      position: 'Winner',
      event: { id: 'e1', title: 'Star Party' },
    },
  ],
  skills: [
    {
      id: 's1',
      name: 'Astrophotography',
      category: 'Imaging',
      type: 'technical',
      proficiencyLevel: 'advanced',
    },
  ],
  attendance: [
    {
      id: 'r1',
      event: { id: 'e1', title: 'Star Party' },
      // 00:30 on 6 March in Asia/Kolkata, still the 5th in UTC.
      checkedInAt: '2025-03-05T19:00:00.000Z',
      checkedInBy: 'Ishaan Verma',
    },
  ],
  clubMemberships: [
    {
      id: 'm2',
      club: { id: 'u1', name: 'Astronomy Club' },
      role: 'Core member',
      // 01:30 on 1 Aug 2025 in Asia/Kolkata, still July in UTC.
      startedAt: '2025-07-31T20:00:00.000Z',
      endedAt: null,
    },
    {
      id: 'm1',
      club: { id: 'u2', name: 'Coding Club' },
      role: 'Member',
      startedAt: '2024-08-10T06:00:00.000Z',
      endedAt: '2025-05-20T06:00:00.000Z',
    },
  ],
};

const sectionNamed = (name: string) => screen.getByRole('region', { name });
const itemsOf = (name: string) =>
  within(sectionNamed(name))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('/people/{id}', { timeout: 20_000 }, () => {
  it("shows another student's verified record with initials, and no private or review section", async () => {
    stubApi({ session: student, [personPath]: { body: kavya } });
    renderApp(`/people/${ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kavya Menon' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Kavya Menon' })).toHaveTextContent('KM');
    expect(screen.getByText('Student')).toBeInTheDocument();
    expect(screen.getByText('B.Tech · Electrical Engineering · Admitted 2023')).toBeInTheDocument();
    expect(itemsOf('Positions of responsibility')).toEqual([
      'Outreach LeadAstronomy Club · 2024-2025 · Completed',
    ]);
    expect(itemsOf('Verified achievements')).toEqual([
      'Messier MarathonTechnical · National · Winner · 05 Mar 2025Star Party',
    ]);
    expect(screen.getByRole('link', { name: 'Star Party' })).toHaveAttribute('href', '/events/e1');
    expect(itemsOf('Endorsed skills')).toEqual(['Astrophotography · TechnicalAdvanced']);
    expect(itemsOf('Events attended')).toEqual([
      'Attended Star Party on 6 Mar 2025Verified by check-in, checked in by Ishaan Verma',
    ]);
    expect(itemsOf('Club memberships')).toEqual([
      'Core member · Astronomy Club · since Aug 2025Verified by Astronomy Club',
      'Member, Coding Club, Aug 2024 – May 2025Verified by Coding Club',
    ]);
    expect(screen.getByRole('link', { name: 'Attended Star Party on 6 Mar 2025' })).toHaveAttribute(
      'href',
      '/events/e1',
    );
    expect(screen.queryByRole('heading', { name: 'Waiting for your review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Personal details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in administration' })).not.toBeInTheDocument();
  });

  it('says so when a section has nothing verified, and shows the photo when there is one', async () => {
    const bare = {
      ...kavya,
      photoUrl: '/api/photos/p1',
      positions: [],
      achievements: [],
      skills: [],
      attendance: [],
      clubMemberships: [],
    };
    stubApi({ session: student, [personPath]: { body: bare } });
    renderApp(`/people/${ID}`);
    expect(
      await screen.findByRole('img', { name: 'Photo of Kavya Menon' }, firstRender),
    ).toHaveAttribute('src', '/api/photos/p1');
    expect(screen.getByText('No verified positions yet.')).toBeInTheDocument();
    expect(screen.getByText('No verified achievements yet.')).toBeInTheDocument();
    expect(screen.getByText('No endorsed skills yet.')).toBeInTheDocument();
    expect(screen.getByText('No events attended yet.')).toBeInTheDocument();
    expect(screen.getByText('No club memberships yet.')).toBeInTheDocument();
  });

  it("shows a reviewer what waits for them, each item leading to the panel's tab", async () => {
    const waiting = {
      ...kavya,
      waitingForYourReview: [
        {
          kind: 'achievement' as const,
          id: 'a2',
          title: 'Comet Sketch Prize',
          detail: 'Achievement at Star Party',
          submittedAt: '2026-11-20T06:00:00.000Z',
          link: '/gensec-endorse?tab=achievements',
        },
      ],
    };
    stubApi({ session: gensec, [personPath]: { body: waiting } });
    renderApp(`/people/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Kavya Menon' }, firstRender);
    expect(itemsOf('Waiting for your review')).toEqual([
      'Comet Sketch PrizeAchievement at Star Party · Submitted 20 Nov 2026Open the review panel',
    ]);
    expect(
      screen.getByRole('link', { name: 'Open the review panel for Comet Sketch Prize' }),
    ).toHaveAttribute('href', '/gensec-endorse?tab=achievements');
  });

  it('shows the administrator the personal details, the deactivation and the way to administration', async () => {
    const full = {
      ...kavya,
      personal: {
        email: 'kavya.menon@iitbhilai.ac.in',
        username: 'kavya.menon',
        studentId: '23100777',
        phone: '9812345670',
        gender: 'Female',
        dateOfBirth: '2004-05-17',
        hostel: 'Indravati',
        roomNumber: null,
        cgpa: 9.1,
      },
      administration: { link: `/admin/users/${ID}`, deactivated: true },
    };
    stubApi({ session: admin, [personPath]: { body: full } });
    renderApp(`/people/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Kavya Menon' }, firstRender);
    const details = sectionNamed('Personal details');
    const valueOf = (term: string) =>
      within(details).getByText(term, { selector: 'dt' }).nextElementSibling;
    const expected: Record<string, string> = {
      'E-mail': 'kavya.menon@iitbhilai.ac.in',
      Username: 'kavya.menon',
      'Student ID': '23100777',
      Mobile: '9812345670',
      Gender: 'Female',
      'Date of birth': '17 May 2004',
      Hostel: 'Indravati',
      Room: 'N/A',
      CGPA: '9.10',
    };
    for (const [term, value] of Object.entries(expected))
      expect(valueOf(term)?.textContent, term).toBe(value);
    expect(
      within(details).getByText('Shown only to this person and the administrator.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This account is deactivated.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in administration' })).toHaveAttribute(
      'href',
      `/admin/users/${ID}`,
    );
  });

  it('says the person cannot be found on a 404, whatever its reason', async () => {
    stubApi({
      session: student,
      [personPath]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'We could not find this person.' } },
      },
    });
    renderApp(`/people/${ID}`);
    expect(
      await screen.findByText('We could not find this person.', {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers to try again when the page fails to load, and shows it once it loads', async () => {
    let fail = true;
    stubApi({
      session: student,
      [personPath]: () =>
        fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Oops' } } } : { body: kavya },
    });
    renderApp(`/people/${ID}`);
    expect(
      await screen.findByText('We could not load this page. Please try again.', {}, firstRender),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kavya Menon' })).toBeInTheDocument();
  });

  it('shows a spinner while the page loads', async () => {
    stubApi({ session: student, [personPath]: 'pending' });
    renderApp(`/people/${ID}`);
    expect(await screen.findByText('Loading this person...', {}, firstRender)).toBeInTheDocument();
  });
});
