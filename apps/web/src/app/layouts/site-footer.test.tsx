import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi, testConfig } from '../../../test/render-app';

describe('footer', () => {
  it('shows the current year and the institute name', async () => {
    stubApi({});
    renderApp('/unauthorised');
    const year = new Date().getFullYear();
    const text = await screen.findByText(`© ${year} ${testConfig.instituteName}`);
    expect(text.closest('footer')).not.toBeNull();
  });

  it('computes the year when the page runs, not when it was written', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
    stubApi({});
    renderApp('/unauthorised');
    expect(await screen.findByText(`© 2031 ${testConfig.instituteName}`)).toBeInTheDocument();
  });

  it('uses the year of the institute time zone at new year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-12-31T20:00:00Z'));
    stubApi({});
    renderApp('/unauthorised');
    expect(await screen.findByText(`© 2031 ${testConfig.instituteName}`)).toBeInTheDocument();
  });

  it('draws the built-in logo, named for screen readers, when no logo URL is configured', async () => {
    stubApi({});
    renderApp('/unauthorised');
    expect(
      await screen.findByRole('img', { name: `${testConfig.instituteName} logo` }),
    ).toBeInTheDocument();
  });

  it('shows the configured logo image', async () => {
    stubApi({ config: { body: { ...testConfig, logoUrl: '/uploads/logo.png' } } });
    renderApp('/unauthorised');
    const logo = await screen.findByRole('img', { name: `${testConfig.instituteName} logo` });
    expect(logo.tagName).toBe('IMG');
    expect(logo).toHaveAttribute('src', '/uploads/logo.png');
  });
});
