import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies } from '../../../test/render-app';
import { firstRender, saved, withPhoto, stubProfile, edit, save } from '../../../test/profile-fixtures';

beforeAll(loadPages, 30_000);

describe('/profile', { timeout: 20_000 }, () => {
  it('shows the header and the four sections of the saved profile', async () => {
    stubProfile();
    renderApp('/profile');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asha Verma' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('Student ID: 12340001')).toBeInTheDocument();
    // The profile's own header, not the portal's.
    const header = within(screen.getByRole('main')).getByRole('banner');
    expect(within(header).getByRole('img', { name: 'Asha Verma' })).toHaveTextContent('AV');
    expect(within(header).getByRole('button', { name: 'Change Photo' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Delete Photo' })).not.toBeInTheDocument();
    // The record's sections below the form come a moment after it.
    await screen.findByRole('heading', { level: 2, name: 'Events attended' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Basic Information',
      'Academic Information',
      'Contact Information',
      'Social Links',
      'Kept by the institute',
      'Club memberships',
      'Events attended',
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Events attended' })).getByText(
        'No events attended yet.',
      ),
    ).toBeInTheDocument();
    // The facts the institute keeps, and how to ask for a correction (decision 0015).
    const kept = within(screen.getByRole('region', { name: 'Kept by the institute' }));
    for (const text of [
      'Official name',
      'Asha Verma',
      'Student ID',
      '12340001',
      'Admission year',
      'Year of study',
      '3rd year',
      'CGPA',
      '7.50',
    ])
      expect(kept.getByText(text)).toBeInTheDocument();
    expect(kept.getByRole('button', { name: 'Ask for a correction' })).toBeInTheDocument();
    const basic = within(screen.getByRole('region', { name: 'Basic Information' }));
    expect(basic.getByText('asha@iitbhilai.ac.in')).toBeInTheDocument();
    expect(basic.getByText('Female')).toBeInTheDocument();
    expect(basic.getByText('6 May 2004')).toBeInTheDocument();
    const academic = within(screen.getByRole('region', { name: 'Academic Information' }));
    for (const text of ['2024', 'B.Tech', 'Computer Science & Engineering', '2nd', '8.75'])
      expect(academic.getByText(text)).toBeInTheDocument();
    // The current year and CGPA the student states are theirs; requirements read the institute's.
    expect(
      academic.getByText(
        'Your current year and CGPA here are your own statement. Position requirements check the institute’s record instead: see “Kept by the institute”.',
      ),
    ).toBeInTheDocument();
    const contact = within(screen.getByRole('region', { name: 'Contact Information' }));
    for (const text of ['9876543210', 'Indravati', 'B-204'])
      expect(contact.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByText('No profile found')).not.toBeInTheDocument();
  });

  it("says when the institute's record has no CGPA or admission year", async () => {
    stubProfile({
      ...saved,
      institute: { ...saved.institute!, admissionYear: null, cgpa: null, yearOfStudy: null },
    });
    renderApp('/profile');
    const kept = within(
      await screen.findByRole('region', { name: 'Kept by the institute' }, firstRender),
    );
    expect(kept.getByText('Not on the institute’s record')).toBeInTheDocument();
    expect(kept.getByText('Unknown: the institute’s record has no admission year')).toBeInTheDocument();
  });

  it('opens social links in a new tab without handing over the page, and only http(s) ones', async () => {
    stubProfile({
      ...saved,
      socialLinks: { github: 'https://github.com/asha', linkedin: 'javascript:alert(1)' },
    });
    renderApp('/profile');
    const social = within(await screen.findByRole('region', { name: 'Social Links' }, firstRender));
    const github = social.getByRole('link', { name: /github\.com\/asha/ });
    expect(github).toHaveAttribute('href', 'https://github.com/asha');
    expect(github).toHaveAttribute('target', '_blank');
    expect(github).toHaveAttribute('rel', 'noopener noreferrer');
    expect(social.getAllByRole('link')).toHaveLength(1);
    expect(social.getByText('javascript:alert(1)')).toBeInTheDocument();
  });

  it('shows the photo when there is one, with Delete Photo', async () => {
    stubProfile(withPhoto);
    renderApp('/profile');
    expect(await screen.findByRole('img', { name: 'Photo of Asha Verma' }, firstRender)).toHaveAttribute(
      'src',
      '/api/photos/p1',
    );
    expect(screen.getByRole('button', { name: 'Delete Photo' })).toBeInTheDocument();
  });

  it('shows a spinner while the profile loads', async () => {
    stubProfile(saved, { 'GET /api/me/profile': 'pending' });
    renderApp('/profile');
    expect(await screen.findByText('Loading profile...', {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByText('No profile found')).not.toBeInTheDocument();
  });

  it("says 'Error fetching profile' with Retry when loading fails", async () => {
    let calls = 0;
    stubProfile(saved, {
      'GET /api/me/profile': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } } }
          : { body: { profile: saved } };
      },
    });
    renderApp('/profile');
    expect(await screen.findByRole('alert', {}, firstRender)).toHaveTextContent(
      'Error fetching profile',
    );
    expect(screen.queryByText('No profile found')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Verma' })).toBeInTheDocument();
  });

  it('lists the events attended, each linking to its event, with the check-in that verifies it', async () => {
    stubProfile({
      ...saved,
      attendance: [
        {
          id: 'r2',
          event: { id: 'e2', title: 'Space talk' },
          checkedInAt: '2025-09-02T12:00:00.000Z',
          checkedInBy: null,
        },
        {
          id: 'r1',
          event: { id: 'e1', title: 'Robotics workshop' },
          // 19:30 UTC is 01:00 the next day on the institute's clock (Asia/Kolkata).
          checkedInAt: '2025-08-14T19:30:00.000Z',
          checkedInBy: 'Ishaan Verma',
        },
      ],
    });
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Events attended' }, firstRender);
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Attended Space talk on 2 Sep 2025Verified by check-in',
      'Attended Robotics workshop on 15 Aug 2025Verified by check-in, checked in by Ishaan Verma',
    ]);
    expect(
      within(section).getByRole('link', { name: 'Attended Robotics workshop on 15 Aug 2025' }),
    ).toHaveAttribute('href', '/events/e1');
  });

  it('lists the club memberships, current ones with their start, past ones with their period', async () => {
    stubProfile({
      ...saved,
      clubMemberships: [
        {
          id: 'm2',
          club: { id: 'u2', name: 'Quiz Club' },
          role: 'Member',
          // 01:30 on 1 Aug 2025 on the institute's clock (Asia/Kolkata), still July in UTC.
          startedAt: '2025-07-31T20:00:00.000Z',
          endedAt: null,
        },
        {
          id: 'm1',
          club: { id: 'u1', name: 'Coding Club' },
          role: 'Core member',
          startedAt: '2025-08-10T06:00:00.000Z',
          endedAt: '2026-05-20T06:00:00.000Z',
        },
      ],
    });
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Club memberships' }, firstRender);
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Member · Quiz Club · since Aug 2025Verified by Quiz Club',
      'Core member, Coding Club, Aug 2025 – May 2026Verified by Coding Club',
    ]);
  });

  it('says so when the user belongs to no club', async () => {
    stubProfile(saved);
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Club memberships' }, firstRender);
    expect(within(section).getByText('No club memberships yet.')).toBeInTheDocument();
  });

  it('shows an official no Academic Information and sends none', async () => {
    const official: Profile = {
      ...saved,
      user: { ...saved.user, role: 'GENSEC_SPORTS', studentId: null },
      academic: null,
      institute: null,
    };
    const fetchMock = stubProfile(official, { 'PUT /api/me/profile': { body: { profile: official } } });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Asha Verma' }, firstRender);
    expect(screen.queryByRole('heading', { name: 'Academic Information' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Kept by the institute' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Student ID/)).not.toBeInTheDocument();
    await edit();
    expect(screen.queryByRole('heading', { name: 'Academic Information' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Admission Year/)).not.toBeInTheDocument();
    await save();
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', '/api/me/profile')).toEqual([
      {
        personal: {
          name: 'Asha Verma',
          phone: '9876543210',
          gender: 'Female',
          dateOfBirth: '2004-05-06',
        },
        academic: null,
        contact: { hostel: 'Indravati', roomNumber: 'B-204' },
        socialLinks: { github: 'https://github.com/asha', linkedin: 'https://www.linkedin.com/in/asha' },
      },
    ]);
  });
});
