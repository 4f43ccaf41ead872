// No cycles between SPA feature folders (docs/ARCHITECTURE.md), checked on a graph of src/features/
// alone: the app shell (src/app: router, store, typed hooks) imports every feature and every feature
// imports its hooks, so a graph with the shell in it has a cycle through it for each feature. What
// this rule forbids is two features needing each other, directly or through other features.
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-folder-cycles',
      comment:
        'Two feature folders never import each other in a circle (directly or through other features): what both ' +
        'need goes to src/components/ or src/lib/, or into the one folder that owns it.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/features/([^/]+)' },
      to: { path: '^src/features/[^/]+', pathNot: '^src/features/$1(/|$)', circular: true },
    },
  ],
  options: { ...base.options, includeOnly: '^src/features/' },
};
