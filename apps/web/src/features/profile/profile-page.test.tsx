import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };

const saved: Profile = {
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'asha',
    studentId: '12340001',
    role: 'STUDENT',
  },
  personal: {
    name: 'Asha Verma',
    email: 'asha@iitbhilai.ac.in',
    phone: '9876543210',
    gender: 'Female',
    dateOfBirth: '2004-05-06',
    photoUrl: null,
  },
  academic: {
    batchYear: 2024,
    program: 'B.Tech',
    branch: 'Computer Science & Engineering',
    currentYear: '2nd',
    cgpa: 8.75,
  },
  contact: { hostel: 'Indravati', roomNumber: 'B-204' },
  socialLinks: { github: 'https://github.com/asha', linkedin: 'https://www.linkedin.com/in/asha' },
};
const withPhoto: Profile = { ...saved, personal: { ...saved.personal, photoUrl: '/api/photos/p1' } };
const session = { body: { user: makeUser() } };

function stubProfile(profile: Profile = saved, more: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({ session, 'GET /api/me/profile': { body: { profile } }, ...more });
}

const edit = async () =>
  userEvent.click(await screen.findByRole('button', { name: 'Edit' }, firstRender));
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
async function replace(label: string | RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

/** A stand-in for XMLHttpRequest that the test drives: progress, an answer, or a failure. */
function fakeXhr() {
  const sent: FakeXhr[] = [];
  class FakeXhr {
    method = '';
    url = '';
    body: unknown;
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body: unknown) {
      this.body = body;
      sent.push(this);
    }
    abort() {
      this.onabort?.();
    }
    progress(loaded: number, total: number) {
      act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
    }
    respond(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      act(() => this.onload?.());
    }
    fail() {
      act(() => this.onerror?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const photoFile = (bytes: number, name = 'me.jpg') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

describe('/profile', { timeout: 20_000 }, () => {
  it('shows the header and the four sections of the saved profile', async () => {
    stubProfile();
    renderApp('/profile');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asha Verma' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('Student ID: 12340001')).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('img', { name: 'Asha Verma' })).toHaveTextContent('AV');
    expect(within(header).getByRole('button', { name: 'Change Photo' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Delete Photo' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Basic Information',
      'Academic Information',
      'Contact Information',
      'Social Links',
    ]);
    const basic = within(screen.getByRole('region', { name: 'Basic Information' }));
    expect(basic.getByText('asha@iitbhilai.ac.in')).toBeInTheDocument();
    expect(basic.getByText('Female')).toBeInTheDocument();
    expect(basic.getByText('06 May 2004')).toBeInTheDocument();
    const academic = within(screen.getByRole('region', { name: 'Academic Information' }));
    for (const text of ['2024', 'B.Tech', 'Computer Science & Engineering', '2nd', '8.75'])
      expect(academic.getByText(text)).toBeInTheDocument();
    const contact = within(screen.getByRole('region', { name: 'Contact Information' }));
    for (const text of ['9876543210', 'Indravati', 'B-204'])
      expect(contact.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByText('No profile found')).not.toBeInTheDocument();
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

  it('shows an official no Academic Information and sends none', async () => {
    const official: Profile = {
      ...saved,
      user: { ...saved.user, role: 'GENSEC_SPORTS', studentId: null },
      academic: null,
    };
    const fetchMock = stubProfile(official, { 'PUT /api/me/profile': { body: { profile: official } } });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Asha Verma' }, firstRender);
    expect(screen.queryByRole('heading', { name: 'Academic Information' })).not.toBeInTheDocument();
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

  it('Edit copies the saved profile into the form, the email read-only', async () => {
    stubProfile();
    renderApp('/profile');
    await edit();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Asha Verma');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@iitbhilai.ac.in');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Gender')).toHaveValue('Female');
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('2004-05-06');
    expect(screen.getByLabelText(/^Admission Year/)).toHaveValue(2024);
    expect(screen.getByLabelText('Program')).toHaveValue('B.Tech');
    expect(screen.getByLabelText('Branch')).toHaveValue('Computer Science & Engineering');
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
      ['Program', ['B.Tech', 'M.Tech', 'MSc', 'PhD', 'Other']],
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
    await replace('Admission Year', '2015');
    await save();
    const year = new Date().getFullYear();
    expect(await screen.findByText('Please fix validation errors')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription(
      expect.stringContaining('Mobile number must be 10 digits'),
    );
    expect(screen.getByLabelText('GitHub')).toHaveAccessibleDescription('Invalid GitHub URL');
    expect(screen.getByLabelText('LinkedIn')).toHaveAccessibleDescription('Invalid LinkedIn URL');
    expect(screen.getByLabelText(/^Admission Year/)).toHaveAccessibleDescription(
      expect.stringContaining(`Admission year must be between 2016 and ${year}`),
    );
    expect(sentBodies(fetchMock, 'PUT', '/api/me/profile')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('refuses an admission year after the current one', async () => {
    const fetchMock = stubProfile();
    renderApp('/profile');
    await edit();
    const year = new Date().getFullYear();
    await replace('Admission Year', String(year + 1));
    await save();
    expect(
      await screen.findByText(`Admission year must be between 2016 and ${year}`),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', '/api/me/profile')).toEqual([]);
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
              'academic.batchYear': 'Admission year cannot change after your first semester.',
            },
          },
        },
      },
    });
    renderApp('/profile');
    await edit();
    await replace('Phone', '9000000001');
    await replace('Admission Year', '2023');
    await save();
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription(
      expect.stringContaining('This mobile number belongs to another account.'),
    );
    expect(screen.getByLabelText(/^Admission Year/)).toHaveAccessibleDescription(
      expect.stringContaining('Admission year cannot change after your first semester.'),
    );
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('9000000001');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('refuses a photo over 5 MB before sending it', async () => {
    const sent = fakeXhr();
    stubProfile();
    renderApp('/profile');
    await screen.findByRole('button', { name: 'Change Photo' }, firstRender);
    await userEvent.upload(
      screen.getByLabelText('Choose a photo'),
      photoFile(5 * 1024 * 1024 + 1, 'huge.jpg'),
    );
    expect(await screen.findByText('The photo must be 5 MB or smaller.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(screen.getByLabelText('Choose a photo')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp',
    );
  });

  it("uploads the photo as 'image', shows progress and 'Uploading...', then the new picture", async () => {
    const sent = fakeXhr();
    stubProfile();
    const { client } = renderApp('/profile');
    client.setQueryData(['me', 'dashboard'], { stale: 'dashboard' });
    const file = photoFile(1024);
    await userEvent.upload(await screen.findByLabelText('Choose a photo', {}, firstRender), file);
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect([request.method, request.url]).toEqual(['PUT', '/api/me/photo']);
    expect((request.body as FormData).get('image')).toBe(file);
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Photo upload' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    request.progress(512, 1024);
    expect(screen.getByRole('progressbar', { name: 'Photo upload' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    request.respond(200, { photoUrl: '/api/photos/p2' });
    expect(await screen.findByRole('img', { name: 'Photo of Asha Verma' })).toHaveAttribute(
      'src',
      '/api/photos/p2',
    );
    expect(await screen.findByText('Photo updated.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Photo' })).toBeEnabled();
    expect(client.getQueryState(['me', 'dashboard'])?.isInvalidated).toBe(true);
  });

  it("toasts the server's reason when an upload is refused, and a plain message when the server cannot be reached", async () => {
    const sent = fakeXhr();
    stubProfile();
    renderApp('/profile');
    const input = await screen.findByLabelText('Choose a photo', {}, firstRender);
    await userEvent.upload(input, photoFile(1024));
    sent[0]!.respond(429, {
      error: { code: 'TOO_MANY_REQUESTS', message: 'Too many uploads. Please wait a minute.' },
    });
    expect(await screen.findByText('Too many uploads. Please wait a minute.')).toBeInTheDocument();
    await userEvent.upload(input, photoFile(2048));
    sent[1]!.fail();
    expect(
      await screen.findByText('The photo could not be uploaded. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Asha Verma' })).toHaveTextContent('AV');
  });

  it('deletes the photo only after confirmation, then shows the default avatar', async () => {
    const fetchMock = stubProfile(withPhoto, { 'DELETE /api/me/photo': { body: { photoUrl: null } } });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Photo' }, firstRender));
    let dialog = screen.getByRole('dialog', { name: 'Delete your photo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Photo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Photo' }));
    dialog = screen.getByRole('dialog', { name: 'Delete your photo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Photo' }));
    expect(await screen.findByText('Photo removed.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Asha Verma' })).toHaveTextContent('AV');
    expect(screen.queryByRole('img', { name: 'Photo of Asha Verma' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Photo' })).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(
        ([input, init]) => String(input) === '/api/me/photo' && init?.method === 'DELETE',
      ),
    ).toHaveLength(1);
  });

  it("reads 'Processing...' while the photo is being deleted", async () => {
    stubProfile(withPhoto, { 'DELETE /api/me/photo': 'pending' });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Photo' }, firstRender));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Photo' }),
    );
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Change Photo' })).toBeDisabled();
  });

  it('toasts a failed delete and keeps the photo', async () => {
    stubProfile(withPhoto, {
      'DELETE /api/me/photo': {
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } },
      },
    });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Photo' }, firstRender));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Photo' }),
    );
    expect(
      await screen.findByText('The photo could not be removed. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Asha Verma' })).toHaveAttribute(
      'src',
      '/api/photos/p1',
    );
  });
});
