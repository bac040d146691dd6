// The Node.js the portal runs on: 24 LTS, or 22 from 22.12 (package.json's engines). npm's scripts
// run on the Node.js 24 that `npm ci` installs from the npm registry's `node` package
// (node_modules/.bin/node); any other Node.js stops here with one line rather than deep in a stack
// trace. Plain JavaScript, imported first by every entry point (the server, the command line,
// scripts/start.mjs and scripts/test.mjs), so that it runs before anything else is loaded.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (!(major >= 24 || (major === 22 && minor >= 12))) {
  process.stderr.write(
    `COSA Portal needs Node.js 24 (22.12 or newer also runs), not ${process.version}: run it through npm ` +
      '(npm start, npm test, npm run cli), which uses the Node.js 24 that `npm ci` installs in ' +
      'node_modules/.bin, or put node_modules/.bin first on PATH.\n',
  );
  process.exit(1);
}
