import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { renderApp, sentBodies } from '../../../test/render-app';
import { saved, stubProfile, edit, save, replace } from '../../../test/profile-fixtures';

beforeAll(loadPages, 30_000);

describe('/profile: editing', { timeout: 20_000 }, () => {
  it('Edit copies the saved profile into the form, the email read-only', async () => {
    stubProfile();
    renderApp('/profile');
    await edit();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Asha Verma');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@iitbhilai.ac.in');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Gender')).toHaveValue('Female');
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('2004-05-06');
    // Kept by the institute (decision 0015): shown, not edited.
    expect(screen.queryByLabelText(/^Admission Year/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Program')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Branch')).not.toBeInTheDocument();
    const academic = within(screen.getByRole('region', { name: 'Academic Information' }));
    for (const text of ['2024', 'B.Tech', 'Computer Science & Engineering'])
      expect(academic.getByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText('Current Year')).toHaveValue('2nd');
    const cgpa = screen.getByLabelText('CGPA');
    expect(cgpa).toHaveValue(8.75);
    expect(cgpa).toHaveAttribute('step', '0.01');
    expect(cgpa).toHaveAttribute('min', '0');
    expect(cgpa).toHaveAttribute('max', '10');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('9876543210');
    expect(screen.getByLabelText('Hostel')).toHaveValue('Indravati');
    expect(screen.getByLabelText('Room Number')).toHaveValue('B-204');
    expect(screen.getByLabelText('GitHub')).toHaveValue('https://github.com/asha');
    expect(screen.getByLabelText('LinkedIn')).toHaveValue('https://www.linkedin.com/in/asha');
    for (const [label, options] of [
      ['Gender', ['Male', 'Female', 'Other']],
      ['Current Year', ['1st', '2nd', '3rd', '4th', '5th', 'Alumni']],
      ['Hostel', ['None', 'MSH', 'Indravati', 'Gopad', 'Kanhar']],
    ] as const) {
      const choices = within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(choices).toEqual(['Not specified', ...options]);
    }
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('keeps the phone to 10 digits', async () => {
    stubProfile();
    renderApp('/profile');
    await edit();
    await replace('Phone', '+91 98-765 432109');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('9198765432');
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('maxlength', '10');
  });

  it("puts each rule's message under its field, toasts 'Please fix validation errors' and sends nothing", async () => {
    const fetchMock = stubProfile();
    renderApp('/profile');
    await edit();
    await replace('Phone', '12345');
    await replace('GitHub', 'not a web address');
    await replace('LinkedIn', 'https://example.com/in/asha');
    await save();
    expect(await screen.findByText('Please fix validation errors')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription(
      expect.stringContaining('Mobile number must be 10 digits'),
    );
    expect(screen.getByLabelText('GitHub')).toHaveAccessibleDescription('Invalid GitHub URL');
    expect(screen.getByLabelText('LinkedIn')).toHaveAccessibleDescription('Invalid LinkedIn URL');
    expect(sentBodies(fetchMock, 'PUT', '/api/me/profile')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it("saves the draft, shows the saved profile and says 'Profile updated successfully!'", async () => {
    const updated: Profile = {
      ...saved,
      personal: { ...saved.personal, name: 'Asha Rani Verma', phone: '9123456780' },
      academic: { ...saved.academic!, cgpa: 9.1 },
      contact: { hostel: 'Kanhar', roomNumber: 'B-204' },
      socialLinks: { github: null, linkedin: 'https://www.linkedin.com/in/asha' },
    };
    const fetchMock = stubProfile(saved, { 'PUT /api/me/profile': { body: { profile: updated } } });
    const { session } = renderApp('/profile');
    await edit();
    await replace(/^Name/, 'Asha Rani Verma');
    await replace('Phone', '9123456780');
    await userEvent.selectOptions(screen.getByLabelText('Hostel'), 'Kanhar');
    await replace('CGPA', '9.1');
    await replace('GitHub', '');
    await save();
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', '/api/me/profile')).toEqual([
      {
        personal: {
          name: 'Asha Rani Verma',
          phone: '9123456780',
          gender: 'Female',
          dateOfBirth: '2004-05-06',
        },
        academic: {
          batchYear: 2024,
          program: 'B.Tech',
          branch: 'Computer Science & Engineering',
          currentYear: '2nd',
          cgpa: 9.1,
        },
        contact: { hostel: 'Kanhar', roomNumber: 'B-204' },
        socialLinks: { github: null, linkedin: 'https://www.linkedin.com/in/asha' },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Asha Rani Verma' })).toBeInTheDocument();
    expect(session.get().data).toMatchObject({ name: 'Asha Rani Verma' });
    const contact = within(screen.getByRole('region', { name: 'Contact Information' }));
    expect(contact.getByText('9123456780')).toBeInTheDocument();
    expect(contact.getByText('Kanhar')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Academic Information' })).getByText('9.1'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Social Links' })).queryByRole('link', {
        name: /github/i,
      }),
    ).not.toBeInTheDocument();
  });

  it('Cancel drops the draft and its errors', async () => {
    const fetchMock = stubProfile();
    renderApp('/profile');
    await edit();
    await replace(/^Name/, 'Someone Else');
    await replace('Phone', '123');
    await save();
    expect(await screen.findByText('Mobile number must be 10 digits')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Asha Verma' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Contact Information' })).getByText('9876543210'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Someone Else')).not.toBeInTheDocument();
    await edit();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Asha Verma');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('9876543210');
    expect(screen.queryByText('Mobile number must be 10 digits')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', '/api/me/profile')).toEqual([]);
  });

  it("toasts 'Failed to update profile', shows the server's field messages and keeps the draft", async () => {
    stubProfile(saved, {
      'PUT /api/me/profile': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Please check the highlighted fields.',
            fields: {
              'personal.phone': 'This mobile number belongs to another account.',
              'academic.cgpa': 'CGPA cannot change after results are published.',
            },
          },
        },
      },
    });
    renderApp('/profile');
    await edit();
    await replace('Phone', '9000000001');
    await replace('CGPA', '9.5');
    await save();
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription(
      expect.stringContaining('This mobile number belongs to another account.'),
    );
    expect(screen.getByLabelText('CGPA')).toHaveAccessibleDescription(
      expect.stringContaining('CGPA cannot change after results are published.'),
    );
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('9000000001');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
