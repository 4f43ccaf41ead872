// The import rules of docs/ARCHITECTURE.md, checked by `npm run check:architecture` (scripts/check-architecture.ts).
// Paths are relative to the repository root. A rule's comment says why it exists; the layer picture
// is in docs/ARCHITECTURE.md. The rule against cycles between feature folders is in
// .dependency-cruiser.features.cjs: it needs a graph of the feature folders alone.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ---- Server layers: routes → services → repositories → db; infra/ and menu-scan/ beside --
    {
      name: 'routes-not-to-repositories-or-db',
      comment: 'Routes and plugins speak HTTP and call services; data access goes through a service.',
      severity: 'error',
      from: { path: '^server/(routes|plugins)/' },
      to: { path: ['^server/(repositories|db)/', '(^|/)node_modules/kysely/'] },
    },
    {
      name: 'services-not-to-routes',
      comment: 'Services know nothing of HTTP routing: they are called by routes, plugins, main.ts and tests.',
      severity: 'error',
      from: { path: '^server/(services|infra|menu-scan)/' },
      to: { path: ['^server/(routes|plugins)/', '^server/(app|main)\\.ts$'] },
    },
    {
      name: 'infra-not-to-domain',
      comment:
        'server/infra/ is plumbing (Redis, mail, logging, the event bus, secrets, token signing): it carries ' +
        'what the domain decides and never calls a service or the menu scanner.',
      severity: 'error',
      from: { path: '^server/infra/' },
      to: { path: '^server/(services|menu-scan)/' },
    },
    {
      name: 'menu-scan-stands-alone',
      comment:
        'The menu scanner is an engine (file in, items out): it imports nothing else of the server, so it can be ' +
        'measured, replaced or run in a worker on its own.',
      severity: 'error',
      from: { path: '^server/menu-scan/' },
      to: { path: '^server/', pathNot: '^server/menu-scan/' },
    },
    {
      name: 'menu-scan-through-its-index',
      comment:
        'The rest of the server and the bench use the scanner through menu-scan/index.ts; its other files are its ' +
        'internals (tests may reach in). errors.ts is the one exception: catching a refusal must not load the OCR engines.',
      severity: 'error',
      from: { path: '^(server|bench)/', pathNot: '^server/menu-scan/' },
      to: { path: '^server/menu-scan/', pathNot: '^server/menu-scan/(index|errors)\\.ts$' },
    },
    {
      name: 'repositories-not-to-services-or-routes',
      comment: 'A repository is SQL and row types only; it never calls upward.',
      severity: 'error',
      from: { path: '^server/repositories/' },
      to: { path: ['^server/(services|infra|menu-scan|routes|plugins)/', '^server/(app|main)\\.ts$'] },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        "SQL lives in server/repositories/: a service may name Kysely's types (a Transaction it passes on) " +
        'but not build queries, so it imports kysely type-only.',
      severity: 'error',
      from: { path: '^server/(services|infra|menu-scan)/' },
      to: { path: '(^|/)node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },

    // ---- Server and SPA --------------------------------------------------------------------
    {
      name: 'server-not-to-src-except-contract',
      comment: 'The server shares only the wire contract (src/api/contract/) and the text catalogues (src/i18n/messages/, data) with the SPA; nothing else of src/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/(api/contract/|i18n/messages/)' },
    },
    {
      name: 'src-not-to-server',
      comment: 'The SPA is bundled for the browser: it never imports server code.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'spa-imports-contract-types-only',
      comment:
        'The contract modules hold TypeBox schemas (runtime code the browser does not need): the SPA imports their ' +
        'types only (`import type`), except limits.ts and protocol.ts: plain constants (validation limits, header and event names) that import nothing.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/api/contract/' },
      to: { path: '^src/api/contract/', pathNot: '^src/api/contract/(limits|protocol|locales)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'spa-no-schema-library',
      comment:
        'TypeBox is the server\'s validator and the contract\'s schema language; the browser bundle does without it ' +
        '(types come from the contract with `import type`).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/api/contract/' },
      to: { path: '(^|/)node_modules/(@fastify/type-provider-typebox|typebox|@sinclair/typebox)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-constants-import-nothing',
      comment:
        'limits.ts and protocol.ts are the contract modules the browser loads at run time: plain constants, so ' +
        'importing them cannot pull schemas or a library into the bundle.',
      severity: 'error',
      from: { path: '^src/api/contract/(limits|protocol|locales)\\.ts$' },
      to: {},
    },
    {
      name: 'no-test-or-bench-in-product',
      comment: 'Tests and the bench use the product, never the other way round (the build leaves them out).',
      severity: 'error',
      from: { path: '^(server|src)/' },
      to: { path: '^(test|bench)/' },
    },

    // ---- SPA feature folders ---------------------------------------------------------------
    {
      name: 'no-feature-internals',
      comment:
        "A feature may use another feature's top-level modules (its api slice, hooks, pages), never files in " +
        "that feature's subfolders (components/, charts/, …), which are its own internals.",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/[^/]+/', pathNot: '^src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too (they are what the contract rule distinguishes).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      // The resolver's file-system cache outlives the whole run (one run, a few seconds): with the default second,
      // a loaded machine reads the same package.json files again and again.
      cachedInputFileSystem: { cacheDuration: 600000 },
    },
    exclude: { path: '^dist/' },
  },
};
