import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { ADMISSION_YEAR, checkPage, freshStudent } from './support/student-record-pages';
import { logOutThroughMenu } from './support/shell';

/** The demo campus's upcoming events (days 3 to 25 from the seeding day), soonest first, and their units. */
const DEMO_UPCOMING = [
  'Web Development Bootcamp',
  'Nukkad Natak: Voices of Change',
  'Sketch and Paint Marathon',
  'Annual Athletics Meet',
  'Research Poster Symposium',
];

/**
 * The student's own record (spec sections 1, 2, 4, 5, 8 and 9): the home dashboard, profile and
 * photo, skills, achievements, positions and the feedback form, each proven with a student made for
 * the test, so that the record starts empty. Expected texts are typed from the spec.
 */
test.describe('student record', () => {
  test('/home: welcome line, four counters, upcoming events, no achievement yet, quick actions and the side menu', async ({
    page,
    checkAccessible,
    checkPhoneWidth,
  }, testInfo) => {
    const student = await freshStudent(page, 'home');
    await page.goto('/home');
    const main = page.getByRole('main');

    await expect(
      main.getByRole('heading', { level: 1, name: `Welcome, ${student.name}` }),
    ).toBeVisible();
    await expect(main.getByText(`Physics · Batch ${ADMISSION_YEAR} · B.Tech`)).toBeVisible();

    const counters = main.getByRole('region', { name: 'Your record' });
    for (const label of ['Skills', 'Achievements', 'Positions', 'Feedback Given']) {
      await expect(counters.getByRole('link', { name: new RegExp(`^${label}\\s*0$`) })).toBeVisible();
    }
    await expect(counters.getByRole('listitem')).toHaveCount(4);

    const upcoming = main.getByRole('region', { name: 'Upcoming Events' });
    const titles = upcoming.getByRole('heading', { level: 3 });
    await expect(titles.first()).toBeVisible();
    const shown = (await titles.allTextContents()).filter((title) => DEMO_UPCOMING.includes(title));
    expect(shown, 'the demo campus upcoming events, soonest first').toEqual(DEMO_UPCOMING);
    await expect(
      upcoming.getByText('CodeSprint 2.0 Hackathon'),
      'a past event is not upcoming',
    ).toHaveCount(0);
    const bootcamp = upcoming
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Web Development Bootcamp' }) });
    await expect(bootcamp).toContainText(
      'Three evenings from HTML to a deployed React app; bring a laptop.',
    );
    await expect(bootcamp).toContainText(/technical/i);
    await expect(bootcamp).toContainText('Coding Club');

    const latest = main.getByRole('region', { name: 'Latest Achievement' });
    await expect(latest.getByText('No achievements yet.')).toBeVisible();

    const quick = main.getByRole('region', { name: 'Quick Actions' });
    await expect(quick.getByRole('link')).toHaveText([
      'Add Achievement',
      'New Position',
      'Give Feedback',
    ]);
    await expect(quick.getByRole('link', { name: 'Add Achievement' })).toHaveAttribute(
      'href',
      '/add-achievement',
    );
    await expect(quick.getByRole('link', { name: 'New Position' })).toHaveAttribute(
      'href',
      '/manage-position',
    );
    await expect(quick.getByRole('link', { name: 'Give Feedback' })).toHaveAttribute(
      'href',
      '/feedback',
    );

    // The spec's side menu is the portal's navigation; Logout is in the header's account menu.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Profile',
      'COSA View',
      'Give Feedback',
      'Events',
      'Clubs',
      'Elections',
      'My claims',
      'Manage Skills',
      'Manage Positions',
      'Add Achievement',
      'View Achievements',
      'Transcript',
      'View Feedback',
    ]);
    // Later pages: only the links are checked.
    await expect(menu.getByRole('link', { name: 'COSA View' })).toHaveAttribute('href', '/council');
    await expect(menu.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    await expect(menu.getByRole('link', { name: 'View Feedback' })).toHaveAttribute(
      'href',
      '/viewfeedback',
    );

    await checkPage(page, testInfo, 'home', { checkAccessible, checkPhoneWidth });

    // An event without an organizing unit shows N/A: the demo campus has none, so the real answer is
    // given back with the first event's unit taken away.
    await page.route('**/api/me/dashboard', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { upcomingEvents: Array<{ unitName: string | null }> };
      if (body.upcomingEvents[0]) body.upcomingEvents[0].unitName = null;
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const first = upcoming.getByRole('listitem').first();
    await expect(first.getByRole('definition').first()).toHaveText('N/A');
    await page.unroute('**/api/me/dashboard');

    const destinations: Array<[string, RegExp, Locator]> = [
      ['Profile', /\/profile$/, main.getByRole('heading', { level: 1, name: student.name })],
      ['Give Feedback', /\/feedback$/, main.getByRole('heading', { level: 1, name: 'Give Feedback' })],
      ['Manage Skills', /\/skills$/, main.getByRole('heading', { level: 1, name: 'Your Skills (0)' })],
      [
        'Manage Positions',
        /\/manage-position$/,
        main.getByText("You haven't been assigned any positions yet."),
      ],
      [
        'Add Achievement',
        /\/add-achievement$/,
        main.getByRole('heading', { level: 1, name: 'Add Achievement' }),
      ],
      [
        'View Achievements',
        /\/view-achievements$/,
        main.getByText("You haven't added any achievements yet."),
      ],
    ];
    for (const [label, url, landmark] of destinations) {
      await page.goto('/home');
      await menu.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(url);
      await expect(landmark).toBeVisible();
    }
    for (const [label, url] of [
      ['Add Achievement', /\/add-achievement$/],
      ['New Position', /\/manage-position$/],
      ['Give Feedback', /\/feedback$/],
    ] as const) {
      await page.goto('/home');
      await quick.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(url);
    }
    await page.goto('/home');
    await logOutThroughMenu(page);
    await expect(page).toHaveURL(/\/login$/);
  });
});
