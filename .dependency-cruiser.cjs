/**
 * The walls of docs/ARCHITECTURE.md, checked by `npm run lint` (`depcruise`). Each rule names
 * the section it enforces. Test files, test helpers, seeders (demo and bench data) and tools may
 * read and write any table: they are not features (docs/decisions/0086-one-door-per-table.md).
 */
const NOT_PRODUCTION = [
  '\\.test\\.tsx?$',
  '(^|/)test/',
  '^server/hardening/',
  '^bench/',
  '^e2e/',
  '^scripts/',
  '^server/demo/',
];

/** Platform parts that own tables: `server/db/schema/<part>.ts` belongs to `server/platform/<part>`. */
const PLATFORM_OWNERS = 'auth|outbox|audit|settings';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ is shared by web and server: it imports neither (ARCHITECTURE "The layers").',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'web-and-server-apart',
      comment: 'The browser and the server share only domain/ (ARCHITECTURE "The layers").',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'table-owner-only',
      comment:
        'A feature touches only its own tables: server/db/schema/<owner>.ts is imported from server/features/<owner>/ alone; others call the owner\'s exports (ARCHITECTURE "One door per table").',
      severity: 'error',
      from: { path: '^server/features/([^/]+)/', pathNot: NOT_PRODUCTION },
      to: {
        path: '^server/db/schema/',
        pathNot: ['^server/db/schema/$1\\.ts$', '^server/db/schema/columns\\.ts$'],
      },
    },
    {
      name: 'platform-table-owner-only',
      comment: 'A platform part that owns tables (sessions, outbox, audit, settings) is their only door.',
      severity: 'error',
      from: { path: `^server/platform/(${PLATFORM_OWNERS})[/.]`, pathNot: NOT_PRODUCTION },
      to: {
        path: '^server/db/schema/',
        pathNot: ['^server/db/schema/$1\\.ts$', '^server/db/schema/columns\\.ts$'],
      },
    },
    {
      name: 'no-tables-elsewhere',
      comment: 'Outside the owners, only the database client (and the seeders and tests) import the schema.',
      severity: 'error',
      from: {
        path: '^server/',
        pathNot: [
          ...NOT_PRODUCTION,
          '^server/features/',
          `^server/platform/(${PLATFORM_OWNERS})[/.]`,
          '^server/db/(client|migrate-cli)\\.ts$',
          '^server/db/schema/',
        ],
      },
      to: { path: '^server/db/schema/' },
    },
    {
      name: 'feature-through-its-index',
      comment:
        'A feature uses another only through that feature\'s index.ts, at any depth (ARCHITECTURE "Features talk over their exports").',
      severity: 'error',
      from: { path: '^(server|web)/features/([^/]+)/' },
      to: {
        path: '^$1/features/[^/]+/',
        pathNot: ['^$1/features/$2/', '^$1/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'app-through-feature-index',
      comment: 'The server start and the app use a feature through its index.ts too.',
      severity: 'error',
      from: { path: '^server/', pathNot: [...NOT_PRODUCTION, '^server/features/'] },
      to: { path: '^server/features/[^/]+/', pathNot: '^server/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'platform-below-features',
      comment: 'platform/ and db/ serve the features and never call them.',
      severity: 'error',
      from: { path: '^server/(platform|db)/', pathNot: NOT_PRODUCTION },
      to: { path: '^server/(features|app\\.ts|main\\.ts)' },
    },
    {
      name: 'db-below-platform',
      severity: 'error',
      from: { path: '^server/db/', pathNot: NOT_PRODUCTION },
      to: { path: '^server/platform/' },
    },
    {
      name: 'demo-imports-downward',
      comment: 'Demo data generation lives apart and imports only the database and domain/.',
      severity: 'error',
      from: { path: '^server/demo/' },
      to: { path: '^server/(features|platform|app\\.ts|main\\.ts)' },
    },
    {
      name: 'web-ui-is-shared',
      comment: 'web/ui/ holds pieces every feature may use; it imports no feature.',
      severity: 'error',
      from: { path: '^web/(ui|lib)/' },
      to: { path: '^web/features/' },
    },
    {
      name: 'no-circular',
      comment: 'No module reaches itself through its imports.',
      severity: 'error',
      from: { pathNot: NOT_PRODUCTION },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|coverage)/' },
    babelConfig: { fileName: '.dependency-cruiser.babel.json' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
