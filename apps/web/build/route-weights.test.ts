// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { overBudget, routeModules, routeWeights } from './route-weights';

describe('what each route loads', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads the sign-in, the other lazy and the direct pages of the route table, and stops on a page it cannot place', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cosa-routes-'));
    const file = path.join(root, 'app', 'routes.tsx');
    mkdirSync(path.dirname(file));
    const src = (module: string) => path.join(root, module);
    writeFileSync(
      file,
      [
        "import { UnauthorisedPage } from '../features/unauthorised/unauthorised-page';",
        "const loadSignedInArea = () => import('./signed-in-area');",
        "const LoginPage = signInPage(() => import('../features/auth/login-page'), 'LoginPage');",
        '// as the formatter writes a long one',
        'const ForgotPasswordPage = signInPage(',
        "  () => import('../features/auth/forgot-password-page'),",
        "  'ForgotPasswordPage',",
        ');',
        "const ProfilePage = page(() => import('../features/profile/profile-page'), 'ProfilePage', 'student');",
        'export const pageRoutes = [',
        "  { path: '/login', Component: LoginPage },",
        "  { path: '/forgot-password', Component: ForgotPasswordPage },",
        "  { path: '/profile', Component: ProfilePage },",
        "  { path: '/unauthorised', Component: UnauthorisedPage },",
        '];',
      ].join('\n'),
    );
    expect(routeModules(file)).toEqual([
      { path: '/login', modules: [src('features/auth/login-page')] },
      { path: '/forgot-password', modules: [src('features/auth/forgot-password-page')] },
      {
        path: '/profile',
        modules: [src('features/profile/profile-page'), src('app/signed-in-area')],
      },
      { path: '/unauthorised', modules: [] },
    ]);
    writeFileSync(file, "export const pageRoutes = [{ path: '/home', Component: HomePage }];");
    expect(() => routeModules(file)).toThrow(
      'the page of /home (HomePage) is neither lazy nor imported',
    );
    writeFileSync(
      file,
      [
        "const HomePage = page(() => import('../features/home/home-page'), 'HomePage');",
        "export const pageRoutes = [{ path: '/home', Component: HomePage }];",
      ].join('\n'),
    );
    expect(() => routeModules(file)).toThrow('HomePage is a page(), but');
    writeFileSync(
      file,
      [
        "const LoginPage = signInPage(() => import('../features/auth/login-page'), 'LoginPage');",
        "export const pageRoutes = [{ path: '/login', Component: LoginPage }, { Component: LoginPage, path: '/sign-in' }];",
      ].join('\n'),
    );
    expect(() => routeModules(file)).toThrow('2 routes in');
  });

  it('adds up the entry, the page and the modules it loads with, everything they import, and their CSS, each file once', () => {
    const files = [
      { fileName: 'index.js', isEntry: true, imports: ['react.js'], css: ['index.css'] },
      { fileName: 'react.js', imports: [], css: [] },
      {
        fileName: 'login.js',
        facadeModuleId: '/app/src/features/auth/login-page.tsx',
        imports: ['form.js', 'react.js'],
        css: [],
      },
      { fileName: 'form.js', imports: ['react.js'], css: ['form.css'] },
      {
        fileName: 'home.js',
        facadeModuleId: '/app/src/features/home/home-page.tsx',
        imports: [],
        css: [],
      },
      {
        fileName: 'area.js',
        facadeModuleId: '/app/src/app/signed-in-area.tsx',
        imports: ['react.js'],
        css: [],
      },
    ];
    const gzipped: Record<string, number> = {
      'index.js': 1000,
      'react.js': 5000,
      'login.js': 300,
      'form.js': 700,
      'home.js': 400,
      'area.js': 600,
      'index.css': 200,
      'form.css': 50,
    };
    const weights = routeWeights(
      files,
      [
        { path: '/login', modules: ['/app/src/features/auth/login-page'] },
        {
          path: '/home',
          modules: ['/app/src/features/home/home-page', '/app/src/app/signed-in-area'],
        },
        { path: '/unauthorised', modules: [] },
      ],
      (name) => gzipped[name]!,
    );
    expect(weights).toEqual([
      {
        path: '/login',
        js: 7000,
        css: 250,
        files: ['form.css', 'form.js', 'index.css', 'index.js', 'login.js', 'react.js'],
      },
      {
        path: '/home',
        js: 7000,
        css: 200,
        files: ['area.js', 'home.js', 'index.css', 'index.js', 'react.js'],
      },
      { path: '/unauthorised', js: 6000, css: 200, files: ['index.css', 'index.js', 'react.js'] },
    ]);
    expect(() =>
      routeWeights(
        files,
        [{ path: '/gone', modules: ['/app/src/features/gone-page'] }],
        (name) => gzipped[name]!,
      ),
    ).toThrow('no chunk holds /app/src/features/gone-page (/gone)');
  });

  it('names each route over its budget and by how much', () => {
    const budgets = [
      {
        name: 'signed-out page',
        paths: (route: string) => route === '/login',
        js: 80 * 1024,
        css: 10 * 1024,
      },
      { name: 'signed-in page', paths: () => true, js: 150 * 1024, css: 10 * 1024 },
    ];
    expect(
      overBudget(
        [
          { path: '/login', js: 90 * 1024, css: 5 * 1024, files: [] },
          { path: '/home', js: 150 * 1024, css: 11 * 1024, files: [] },
          { path: '/profile', js: 120 * 1024, css: 4 * 1024, files: [] },
        ],
        budgets,
      ),
    ).toEqual([
      '/login: 90.0 KiB of JavaScript, over the signed-out page budget of 80.0 KiB',
      '/home: 11.0 KiB of CSS, over the signed-in page budget of 10.0 KiB',
    ]);
  });
});
