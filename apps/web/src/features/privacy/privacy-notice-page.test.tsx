import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { loadPages } from '../../../test/load-pages';
import { renderApp, stubApi } from '../../../test/render-app';

beforeAll(loadPages, 30_000);

describe('/privacy', { timeout: 20_000 }, () => {
  it('tells a signed-out visitor what is kept, for how long, and whom to write to', async () => {
    stubApi({
      '/api/privacy/notice': {
        body: {
          instituteName: 'Indian Institute of Technology Bhilai',
          instituteShortName: 'IIT Bhilai',
          contact: {
            name: 'Dr. Meera Iyer, Grievance Officer',
            email: 'grievance@iitbhilai.ac.in',
            phone: '0788 299 0000',
          },
          retention: {
            accessLogDays: 365,
            notificationDays: 180,
            unverifiedAccountDays: 30,
            dataExportHours: 24,
            erasureGraceDays: 30,
          },
        },
      },
    });
    renderApp('/privacy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy notice' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings).toEqual([
      'What the portal keeps',
      'Why',
      'Who sees it',
      'How long',
      'Your choices and your rights',
      'What remains after erasure',
      'Questions and complaints',
    ]);
    const howLong = screen.getByRole('region', { name: 'How long' });
    expect(
      within(howLong).getByText('The log of who opened your record: 365 days.'),
    ).toBeInTheDocument();
    expect(within(howLong).getByText('Notifications: 180 days.')).toBeInTheDocument();
    expect(
      within(howLong).getByText('A registration whose e-mail address was never confirmed: 30 days.'),
    ).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Questions and complaints' });
    expect(contact).toHaveTextContent(
      'Write to the grievance officer: Dr. Meera Iyer, Grievance Officer, grievance@iitbhilai.ac.in, 0788 299 0000.',
    );
    expect(within(contact).getByRole('link', { name: 'grievance@iitbhilai.ac.in' })).toHaveAttribute(
      'href',
      'mailto:grievance@iitbhilai.ac.in',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
