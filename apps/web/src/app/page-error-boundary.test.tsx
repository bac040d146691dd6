import { lazy } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../../test/render-app';
import { pageRoutes } from './routes';

/** A page whose chunk cannot be fetched, as after a new release replaced it. */
const Missing = lazy(() =>
  Promise.reject(
    new TypeError('Failed to fetch dynamically imported module: /assets/profile-page-Xx1.js'),
  ),
);
function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}

describe('a page that fails', () => {
  it('says the page could not be loaded and offers Retry (a reload), in place of an empty window', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ session: { body: { user: makeUser() } } });
    renderApp('/profile', {
      routes: pageRoutes.map((route) =>
        route.path === '/profile' ? { ...route, Component: Missing } : route,
      ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This page could not be loaded: the portal may have been updated, or the connection is down. Reload to try again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says the page could not be shown when its code fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ session: { body: { user: makeUser() } } });
    renderApp('/home', {
      routes: pageRoutes.map((route) =>
        route.path === '/home' ? { ...route, Component: Broken } : route,
      ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This page could not be shown. Reload to try again.',
    );
  });
});
