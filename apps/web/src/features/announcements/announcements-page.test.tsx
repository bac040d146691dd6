import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PostedAnnouncement, PostedAnnouncementList } from '@cosa/contracts';
import { loadPages } from '../../../test/load-pages';
import { makeUser, renderApp, sentBodies, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

const firstRender = { timeout: 10_000 };
const secretary = { body: { user: makeUser({ role: 'GENSEC_ACADEMIC', name: 'Karthik Iyer' }) } };
const coordinator = { body: { user: makeUser({ role: 'CLUB_COORDINATOR', name: 'Sneha Kulkarni' }) } };

const toBatch: PostedAnnouncement = {
  id: '00000000-0000-4000-8000-0000000000e1',
  title: 'Mid-semester feedback',
  body: 'Fill in the form: https://forms.example.org/mid-sem',
  audience: 'batch',
  audienceValue: '2024',
  clubName: null,
  authorName: 'Karthik Iyer',
  // 10:00 in Asia/Kolkata
  createdAt: '2026-11-20T04:30:00.000Z',
  expiresAt: null,
  recipients: 340,
  readers: 12,
};
const toProgram: PostedAnnouncement = {
  ...toBatch,
  id: '00000000-0000-4000-8000-0000000000e2',
  title: 'Library hours',
  body: 'The library stays open until midnight.',
  audience: 'program',
  audienceValue: 'M.Tech',
  expiresAt: '2026-01-01T00:00:00.000Z',
  recipients: 1250,
  readers: 1001,
};

const posted = (items: PostedAnnouncement[]): { body: PostedAnnouncementList } => ({
  body: { items, total: items.length, overall: items.length, page: 1, pageSize: 20 },
});

async function openComposer(replies: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi({ '/api/announcements': posted([]), ...replies });
  renderApp('/announcements');
  const form = await screen.findByRole('form', { name: 'New announcement' }, firstRender);
  return { fetchMock, form: within(form) };
}

describe('/announcements', { timeout: 20_000 }, () => {
  it('lists what the official posted: to whom, when, until when, and how many of those it reached read it', async () => {
    await openComposer({ session: secretary, '/api/announcements': posted([toBatch, toProgram]) });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Mid-semester feedback',
      'Library hours',
    ]);
    const first = within(cards[0]!);
    expect(first.getByText('Batch 2024')).toBeInTheDocument();
    expect(first.getByText('20 Nov 2026, 10:00')).toBeInTheDocument();
    expect(first.getByText('Never')).toBeInTheDocument();
    expect(first.getByText('Read by 12 of 340')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /forms\.example\.org/ })).toHaveAttribute(
      'href',
      'https://forms.example.org/mid-sem',
    );
    const second = within(cards[1]!);
    expect(second.getByText('M.Tech students')).toBeInTheDocument();
    expect(second.getAllByText('Expired')).toHaveLength(2);
    expect(second.getByText('Read by 1,001 of 1,250')).toBeInTheDocument();
  });

  it('offers an official everyone, a batch, a program or a discipline, and asks for the batch year, program or discipline', async () => {
    const { form } = await openComposer({ session: secretary });
    const audience = form.getByLabelText(/^Audience/);
    expect(
      Array.from((audience as HTMLSelectElement).options).map((option) => option.textContent),
    ).toEqual(['Choose an audience', 'Everyone', 'A batch year', 'A program', 'A discipline']);
    expect(form.queryByLabelText(/^Batch year/)).not.toBeInTheDocument();
    await userEvent.selectOptions(audience, 'A batch year');
    await userEvent.type(form.getByLabelText(/^Batch year/), '2024');
    await userEvent.selectOptions(audience, 'A program');
    // A batch year means nothing as a program: each audience's value starts empty.
    expect(form.getByLabelText(/^Program/)).toHaveValue('');
    await userEvent.selectOptions(audience, 'A batch year');
    expect(form.getByLabelText(/^Batch year/)).toHaveValue('');
    await userEvent.selectOptions(audience, 'A program');
    expect(form.queryByLabelText(/^Batch year/)).not.toBeInTheDocument();
    expect(
      Array.from((form.getByLabelText(/^Program/) as HTMLSelectElement).options).map(
        (option) => option.textContent,
      ),
    ).toEqual(['Choose a program', 'B.Tech', 'M.Tech', 'MSc', 'PhD', 'Other']);
    await userEvent.selectOptions(audience, 'A discipline');
    expect(form.getByLabelText(/^Discipline/)).toBeInTheDocument();
    await userEvent.selectOptions(audience, 'Everyone');
    expect(form.queryByLabelText(/^Discipline/)).not.toBeInTheDocument();
  });

  it('posts to a batch with an expiry read on the institute clock, says how many it reached, and empties the form', async () => {
    let items: PostedAnnouncement[] = [];
    const { fetchMock, form } = await openComposer({
      session: secretary,
      '/api/announcements': () => posted(items),
      'POST /api/announcements': () => {
        items = [toBatch];
        return { status: 201, body: toBatch };
      },
    });
    await userEvent.type(form.getByLabelText(/^Title/), 'Mid-semester feedback');
    await userEvent.type(
      form.getByLabelText(/^Message/),
      'Fill in the form: https://forms.example.org/mid-sem',
    );
    await userEvent.selectOptions(form.getByLabelText(/^Audience/), 'A batch year');
    await userEvent.type(form.getByLabelText(/^Batch year/), '2024');
    await userEvent.type(form.getByLabelText('Expires date'), '2026-12-01');
    await userEvent.type(form.getByLabelText('Expires time'), '18:00');
    await userEvent.click(form.getByRole('button', { name: 'Post announcement' }));

    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/announcements')).toHaveLength(1));
    // 18:00 in Asia/Kolkata is 12:30 UTC.
    expect(sentBodies(fetchMock, 'POST', '/api/announcements')[0]).toEqual({
      title: 'Mid-semester feedback',
      body: 'Fill in the form: https://forms.example.org/mid-sem',
      audience: 'batch',
      audienceValue: '2024',
      expiresAt: '2026-12-01T12:30:00.000Z',
    });
    expect(await screen.findByText('Announcement posted to 340 people.')).toBeInTheDocument();
    expect(form.getByLabelText(/^Title/)).toHaveValue('');
    expect(await screen.findByText('Read by 12 of 340')).toBeInTheDocument();
  });

  it('checks the form before sending anything', async () => {
    const { fetchMock, form } = await openComposer({ session: secretary });
    await userEvent.click(form.getByRole('button', { name: 'Post announcement' }));
    expect(await form.findByText('Title is required.')).toBeInTheDocument();
    expect(form.getByText('Message is required.')).toBeInTheDocument();
    expect(form.getByText('Choose an audience.')).toBeInTheDocument();

    await userEvent.type(form.getByLabelText(/^Title/), 'Notice');
    await userEvent.type(form.getByLabelText(/^Message/), 'Text');
    await userEvent.selectOptions(form.getByLabelText(/^Audience/), 'A batch year');
    await userEvent.type(form.getByLabelText(/^Batch year/), '24');
    await userEvent.type(form.getByLabelText('Expires time'), '18:00');
    await userEvent.click(form.getByRole('button', { name: 'Post announcement' }));
    expect(await form.findByText('Enter a batch year, e.g. 2024.')).toBeInTheDocument();
    expect(form.getByText('Enter a valid expiry date and time.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/announcements')).toEqual([]);
  });

  it("lets a club coordinator write to the club's members only", async () => {
    const { fetchMock, form } = await openComposer({
      session: coordinator,
      'POST /api/announcements': {
        status: 201,
        body: {
          ...toBatch,
          audience: 'club',
          audienceValue: null,
          clubName: 'Robotics Club',
          recipients: 1,
        },
      },
    });
    expect(form.getByLabelText('Audience')).toHaveValue("The club's members");
    expect(form.getByLabelText('Audience')).toHaveAttribute('readonly');
    await userEvent.type(form.getByLabelText(/^Title/), 'Workshop');
    await userEvent.type(form.getByLabelText(/^Message/), 'Saturday, 10 AM, lab 2.');
    await userEvent.click(form.getByRole('button', { name: 'Post announcement' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', '/api/announcements')).toEqual([
        { title: 'Workshop', body: 'Saturday, 10 AM, lab 2.', audience: 'club' },
      ]),
    );
    expect(await screen.findByText('Announcement posted to 1 person.')).toBeInTheDocument();
  });

  it("shows the server's refusal: too many posts, or a field it rejects", async () => {
    let calls = 0;
    const { form } = await openComposer({
      session: secretary,
      'POST /api/announcements': () =>
        ++calls === 1
          ? {
              status: 429,
              body: {
                error: {
                  code: 'RATE_LIMITED',
                  message: 'Too many announcements. Try again in an hour.',
                },
              },
            }
          : {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION_ERROR',
                  message: 'Some fields need attention.',
                  fields: { audienceValue: 'No student is in batch 1999.' },
                },
              },
            },
    });
    await userEvent.type(form.getByLabelText(/^Title/), 'Notice');
    await userEvent.type(form.getByLabelText(/^Message/), 'Text');
    await userEvent.selectOptions(form.getByLabelText(/^Audience/), 'A batch year');
    await userEvent.type(form.getByLabelText(/^Batch year/), '1999');
    await userEvent.click(form.getByRole('button', { name: 'Post announcement' }));
    expect(await form.findByText('Too many announcements. Try again in an hour.')).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Post announcement' }));
    expect(await form.findByText('No student is in batch 1999.')).toBeInTheDocument();
    expect(form.getByLabelText(/^Batch year/)).toHaveFocus();
  });

  it('says so when nothing was posted yet', async () => {
    await openComposer({ session: secretary });
    expect(await screen.findByText('You have not posted an announcement yet.')).toBeInTheDocument();
  });
});
