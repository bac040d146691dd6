import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_ACCESS, type PagePath } from '@cosa/contracts';
import {
  SPEC_PAGE_ACCESS,
  VISITORS,
  outcomesOf,
  type Outcome,
  type Visitor,
} from '../../../../packages/contracts/test/spec-access-table';
import { makeUser, stubApi, testShell } from '../../test/render-app';
import { AppProviders } from './providers';
import { RequireAccess } from './route-guard';

/** Where each refusal sends the visitor (spec section 2; /verify-email for an unproven e-mail). */
const REDIRECTS: Record<Exclude<Outcome, 'allow'>, string> = {
  login: '/login',
  verify: '/verify-email',
  onboard: '/onboarding',
  forbid: '/unauthorised',
  home: '/',
};

/** A URL the pattern matches: each parameter becomes a value of its own name. */
const concreteUrl = (pattern: string) => pattern.replace(/:(\w+)/g, 'some-$1');

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/**
 * The guarded page on the first visit only: after any redirect the visitor sees a marker, so a
 * declaration that sends a page to itself ends in a mismatch instead of a redirect loop.
 */
function FirstVisitOnly({ children }: { children: ReactNode }) {
  return useLocation().key === 'default' ? children : <p data-testid="redirected" />;
}

/** Opens the page as the visitor, through the real guard and session query; returns where the visitor ends. */
async function visit(path: PagePath): Promise<{ shown: boolean; location: string }> {
  const { shell } = testShell();
  const url = concreteUrl(path);
  const view = render(
    <AppProviders shell={shell}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path={path}
            element={
              <FirstVisitOnly>
                <RequireAccess path={path}>
                  <p data-testid="page" />
                </RequireAccess>
              </FirstVisitOnly>
            }
          />
          <Route path="*" element={<p data-testid="redirected" />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  const settled = await screen.findByTestId(/^(page|redirected)$/);
  const result = {
    shown: settled.dataset.testid === 'page',
    location: screen.getByTestId('location').textContent ?? '',
  };
  view.unmount();
  return result;
}

const sessionOf = (visitor: Visitor) =>
  visitor.role === null
    ? null
    : makeUser({
        role: visitor.role,
        emailVerified: visitor.emailVerified,
        onboardingComplete: visitor.onboardingComplete,
      });

/**
 * Every page against every kind of visitor, compared with the hand-typed table of
 * packages/contracts/test/spec-access-table.ts (never with PAGE_ACCESS, which the guard applies).
 */
describe('page access matrix', () => {
  it('the table lists exactly the pages of PAGE_ACCESS', () => {
    const declared = Object.keys(PAGE_ACCESS);
    const listed = Object.keys(SPEC_PAGE_ACCESS);
    expect({
      missingFromTable: declared.filter((path) => !listed.includes(path)),
      notDeclared: listed.filter((path) => !declared.includes(path)),
    }).toEqual({ missingFromTable: [], notDeclared: [] });
  });

  it.each(VISITORS.map((visitor) => [visitor.label, visitor] as const))(
    'every page treats a visitor who is %s as the spec says',
    async (_label, visitor) => {
      stubApi({ session: { body: { user: sessionOf(visitor) } } });
      const mismatches: string[] = [];
      for (const [path, row] of Object.entries(SPEC_PAGE_ACCESS)) {
        // A page the app does not declare is reported by the test above.
        if (!(path in PAGE_ACCESS)) continue;
        const outcome = outcomesOf(row)[visitor.key] as Outcome;
        const { shown, location } = await visit(path as PagePath);
        const got = shown ? `the page at ${location}` : `a redirect to ${location}`;
        if (outcome === 'allow') {
          if (!shown || location !== concreteUrl(path))
            mismatches.push(`${path}: expected the page, got ${got}`);
        } else if (shown || location !== REDIRECTS[outcome]) {
          mismatches.push(`${path}: expected ${outcome} (${REDIRECTS[outcome]}), got ${got}`);
        }
      }
      expect(mismatches).toEqual([]);
    },
    30_000,
  );
});
