// Dates and times on the pages are written in one style on the institute's clock (decision 0025),
// by apps/web/src/lib/format.ts alone. A page that formats a date itself drifts into a style of
// its own (the fifth format a new user met), so this rule refuses Intl.DateTimeFormat,
// Intl.RelativeTimeFormat, toLocaleDateString, toLocaleTimeString, and toLocaleString called
// with date options or on a Date, anywhere in the web app but format.ts.

const DATE_OPTIONS = new Set([
  'timeZone',
  'dateStyle',
  'timeStyle',
  'year',
  'month',
  'day',
  'weekday',
  'hour',
  'minute',
  'second',
  'hour12',
  'hourCycle',
]);

const isIntl = (node, name) =>
  node?.type === 'MemberExpression' &&
  node.object.type === 'Identifier' &&
  node.object.name === 'Intl' &&
  node.property.type === 'Identifier' &&
  node.property.name === name;

/** `new Date(...)` or `Date.now()`-like receivers: what toLocaleString is certainly called on. */
const isDateValue = (node) =>
  node?.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Date';

const hasDateOption = (node) =>
  node?.type === 'ObjectExpression' &&
  node.properties.some(
    (property) =>
      property.type === 'Property' &&
      property.key.type === 'Identifier' &&
      DATE_OPTIONS.has(property.key.name),
  );

/** @type {import('eslint').Rule.RuleModule} */
const noOwnDateFormat = {
  meta: {
    type: 'problem',
    docs: { description: 'Format dates and times only through apps/web/src/lib/format.ts' },
    schema: [],
    messages: {
      ownFormat:
        'Format dates and times with apps/web/src/lib/format.ts (formatDate, formatDateTime, ...), not {{what}}: the portal writes every date in one style on the institute clock.',
    },
  },
  create(context) {
    const report = (node, what) => context.report({ node, messageId: 'ownFormat', data: { what } });
    const checkIntl = (node) => {
      if (isIntl(node.callee, 'DateTimeFormat')) report(node, 'Intl.DateTimeFormat');
      if (isIntl(node.callee, 'RelativeTimeFormat')) report(node, 'Intl.RelativeTimeFormat');
    };
    return {
      NewExpression: checkIntl,
      CallExpression(node) {
        checkIntl(node);
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (method === 'toLocaleDateString' || method === 'toLocaleTimeString') report(node, method);
        else if (
          method === 'toLocaleString' &&
          (isDateValue(callee.object) || hasDateOption(node.arguments[1]))
        )
          report(node, 'toLocaleString on a date');
      },
    };
  },
};

export const dateFormatPlugin = { rules: { 'no-own-date-format': noOwnDateFormat } };
