// The layer rules of docs/architecture.md, checked by `npm run lint` (dependency-cruiser). Lower layers never
// import higher ones; production code never imports test code; no module is part of an import cycle.
const BASE =
  '^lib/(errors/|crypto/|config\\.ts|log\\.ts|ids\\.ts|health\\.ts|storable-text\\.ts|runtime-files\\.ts|route-framing\\.ts|i18n/(portal-)?locales\\.ts)';
const DB = '^lib/db/';
const HTTP = '^lib/http/';
// The surfaces: the wrappers and handlers that join the HTTP toolkit to the domain, and the composition root.
const SURFACE =
  '^lib/(integration/(route|endpoint)\\.ts|integration/(api|openapi)/|bms/(route|endpoint)\\.ts|bms/openapi/|portal/|server/)';
const TEST_CODE = '(^testing/|^e2e/|^resilience/|\\.test\\.tsx?$)';
const TOOLS = '^(scripts|bench)/';
const PRODUCTION = '^(lib|app)/|^middleware\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle makes the order of module initialisation matter; break it along the layers.',
      severity: 'error',
      from: { pathNot: TEST_CODE },
      to: { circular: true },
    },
    {
      name: 'production-imports-no-test-code',
      comment: 'Test kits and factories live in testing/; lib/, app/ and middleware.ts never import them.',
      severity: 'error',
      from: { path: PRODUCTION, pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: 'production-imports-no-tools',
      comment: 'scripts/ and bench/ are entry points that use lib/, never the other way round.',
      severity: 'error',
      from: { path: PRODUCTION, pathNot: TEST_CODE },
      to: { path: TOOLS },
    },
    {
      name: 'lib-imports-no-app',
      comment: 'app/ (pages and route handlers) is the top layer: lib/ never imports it.',
      severity: 'error',
      from: { path: '^lib/', pathNot: TEST_CODE },
      to: { path: '^app/' },
    },
    {
      name: 'client-is-standalone',
      comment: 'lib/client is the typed client integrators copy into their own code: it imports nothing else of lib/.',
      severity: 'error',
      from: { path: '^lib/client/', pathNot: TEST_CODE },
      to: { path: '^lib/', pathNot: '^lib/client/' },
    },
    {
      name: 'verifier-is-standalone',
      comment:
        'lib/verifier proves the signed-passport format, not the implementation: of lib/ it imports only the vocabulary it shares with lib/credentials.',
      severity: 'error',
      from: { path: '^lib/verifier/', pathNot: TEST_CODE },
      to: { path: '^lib/', pathNot: '^lib/(verifier/|credentials/vocabulary\\.ts$)' },
    },
    {
      name: 'production-imports-no-bench',
      comment: 'lib/bench serves the benchmark scripts only.',
      severity: 'error',
      from: { path: PRODUCTION, pathNot: `${TEST_CODE}|^lib/bench/` },
      to: { path: '^lib/bench/' },
    },
    {
      name: 'one-public-read-path',
      comment:
        'lib/passport/public/representations.ts is the one door to the public representations; the rest of the folder is its internals.',
      severity: 'error',
      from: { path: '^(lib|app)/|^middleware\\.ts$', pathNot: `${TEST_CODE}|^lib/passport/public/` },
      to: { path: '^lib/passport/public/', pathNot: '^lib/passport/public/representations\\.ts$' },
    },
    {
      name: 'base-imports-only-base',
      comment: 'The base (errors, configuration, logging, ids, crypto) depends on nothing else of lib/.',
      severity: 'error',
      from: { path: BASE, pathNot: TEST_CODE },
      to: { path: '^lib/', pathNot: BASE },
    },
    {
      name: 'db-imports-only-base',
      comment: "lib/db is the database access; what it stores is the domain's business.",
      severity: 'error',
      from: { path: DB, pathNot: TEST_CODE },
      to: { path: '^lib/', pathNot: `${BASE}|${DB}` },
    },
    {
      name: 'http-imports-no-domain',
      comment:
        'lib/http is a generic HTTP toolkit: what it needs from the domain comes through its dependency objects.',
      severity: 'error',
      from: { path: HTTP, pathNot: TEST_CODE },
      to: { path: '^lib/', pathNot: `${BASE}|${DB}|${HTTP}` },
    },
    {
      name: 'domain-imports-no-http',
      comment: "Domain verbs throw ServiceError (lib/errors) with a code; statuses and envelopes are lib/http's.",
      severity: 'error',
      from: { path: '^lib/', pathNot: `${TEST_CODE}|${BASE}|${DB}|${HTTP}|${SURFACE}|^lib/bench/` },
      to: { path: `${HTTP}|${SURFACE}` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|\\.next-[^/]+|\\.data|lib/db/generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
