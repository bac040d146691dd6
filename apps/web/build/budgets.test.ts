// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BUDGETS } from './budgets';
import { preactIn } from './preact-scan';
import { overBudget } from './route-weights';

const KIB = 1024;
const route = (path: string, js: number, css = 7.5) => ({
  path,
  js: js * KIB,
  css: css * KIB,
  files: [],
});

describe('the page-weight budgets', () => {
  it('let the sign-in pages load 100 KiB of JavaScript, every other page 176 KiB, and 10 KiB of CSS', () => {
    expect(
      overBudget(
        [
          route('/login', 100),
          route('/reset-password/:id/:token', 99.9),
          route('/unauthorised', 100),
          route('/cosa', 176),
          route('/verify/:id', 176),
          route('/home', 120, 10),
        ],
        BUDGETS,
      ),
    ).toEqual([]);
  });

  it('refuse a planted route over its budget, naming it and by how much', () => {
    expect(
      overBudget(
        [
          route('/login', 100.5),
          route('/verify-email/:token', 140),
          route('/cosa', 176.1),
          route('/unsubscribe', 180),
          route('/home', 120, 10.2),
        ],
        BUDGETS,
      ),
    ).toEqual([
      '/login: 100.5 KiB of JavaScript, over the sign-in page budget of 100.0 KiB',
      '/verify-email/:token: 140.0 KiB of JavaScript, over the sign-in page budget of 100.0 KiB',
      '/cosa: 176.1 KiB of JavaScript, over the page budget of 176.0 KiB',
      '/unsubscribe: 180.0 KiB of JavaScript, over the page budget of 176.0 KiB',
      '/home: 10.2 KiB of CSS, over the page budget of 10.0 KiB',
    ]);
  });
});

describe('the scan for Preact', () => {
  it("names a planted file holding Preact's code, in the shape of Preact 10's and of Preact 11's builds", () => {
    const preact10 =
      'function v(n,i,t,o,r){var e={type:n,props:i,key:t,ref:o,__k:null,__:null,__b:0,__e:null,__d:void 0,__c:null,constructor:void 0,__v:null==r?++u:r};return e}';
    const preact11 =
      'var h=Symbol.for("pv");function m(r,u,i,f,o){return{type:r,props:u,key:i,ref:f,constructor:h,__v:o}}';
    expect(
      preactIn([
        { name: 'dist/assets/index-a1.js', code: 'const e=Symbol.for("react.transitional.element");' },
        { name: 'dist/assets/vendor-b2.js', code: preact10 },
        { name: 'dist/assets/compat-c3.js', code: preact11 },
      ]),
    ).toEqual([
      "dist/assets/vendor-b2.js: holds Preact's code; the app is built on React's own renderer",
      "dist/assets/compat-c3.js: holds Preact's code; the app is built on React's own renderer",
    ]);
  });

  it("finds nothing in React's own renderer", () => {
    expect(
      preactIn([
        {
          name: 'dist/assets/index-a1.js',
          code: 'var l=Symbol.for("react.transitional.element"),n=Symbol.for("react.portal");function u(e,t){return{$$typeof:l,type:e,key:t,ref:null,props:{}}}',
        },
      ]),
    ).toEqual([]);
  });
});
