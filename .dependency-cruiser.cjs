/**
 * `npm run check` runs this over the whole repo (server, contract, sdk, scripts, test): no import
 * cycles anywhere, and the layers of ARCHITECTURE.md. Type-only imports count too (a cycle of types
 * is still a cycle a reader has to untangle).
 */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'Import cycles hide which module is the lower one.', from: {}, to: { circular: true } },
    {
      name: 'engines-are-pure',
      severity: 'error',
      comment: 'An engine imports only its own folder, engines/shared and libraries: no HTTP, platform, database, jobs, runtime or composition root.',
      from: { path: '^server/engines/' },
      to: { path: '^(server/(http|platform|db|jobs|runtime|operations|model-servers)/|server/(services|context|config|main|worker-main)\\.ts$|contract/|sdk/)' },
    },
    {
      name: 'engines-meet-at-their-index',
      severity: 'error',
      comment: "An engine uses another engine only through its index.ts (what that engine offers), or what both share in engines/shared; another engine's inner files are its own to change.",
      from: { path: '^server/engines/([^/]+)/' },
      to: { path: '^server/engines/', pathNot: ['^server/engines/$1/', '^server/engines/shared/', '^server/engines/[^/]+/index\\.ts$'] },
    },
    {
      name: 'engines-shared-is-the-bottom',
      severity: 'error',
      comment: 'engines/shared is what every engine may use, so it uses no engine.',
      from: { path: '^server/engines/shared/' },
      to: { path: '^server/engines/', pathNot: '^server/engines/shared/' },
    },
    {
      name: 'platform-below-http-and-jobs',
      severity: 'error',
      comment: 'Platform services are handed to endpoints and jobs, never the reverse.',
      from: { path: '^server/(platform|db|runtime)/' },
      to: { path: '^server/(http|jobs|operations|portal)/|^server/services\\.ts$' },
    },
    {
      name: 'platform-data-is-the-bottom',
      severity: 'error',
      comment: 'platform/data holds only the SQL statements and the functions that run them: it uses other data modules and ApiError, never a platform service.',
      from: { path: '^server/platform/data/' },
      to: { path: '^server/platform/', pathNot: '^server/platform/(data/|errors\\.ts$)' },
    },
    {
      name: 'model-servers-below-operations',
      severity: 'error',
      comment: 'The model-server clients are handed to operations, and know nothing of HTTP, jobs, the database or the engine threads.',
      from: { path: '^server/model-servers/' },
      to: { path: '^server/(http|jobs|operations|platform|db|runtime)/|^server/services\\.ts$' },
    },
    {
      name: 'only-entry-points-import-the-root',
      severity: 'error',
      comment: 'The composition root is at the top: only the entry points (and tests, scripts) import it.',
      from: { path: '^server/', pathNot: '^server/(main|worker-main)\\.ts$' },
      to: { path: '^server/services\\.ts$' },
    },
    {
      name: 'http-and-jobs-apart',
      severity: 'error',
      comment: 'Endpoints and tasks are siblings: neither imports the other.',
      from: { path: '^server/(http|jobs)/' },
      to: { path: '^server/(http|jobs)/', pathNot: '^server/$1/' },
    },
    {
      name: 'engines-through-operations',
      severity: 'error',
      comment: 'Endpoints, tasks and the portal reach an engine through operations/ (or the runtime), never its files.',
      from: { path: '^server/(http|jobs|portal)/' },
      to: { path: '^server/engines/' },
    },
    {
      name: 'api-below-portal',
      severity: 'error',
      comment: 'The portal is a client of the API: it may call the endpoints, the API never imports the portal (the composition root mounts both).',
      from: { path: '^server/http/' },
      to: { path: '^server/portal/' },
    },
    {
      name: 'portal-without-sql',
      severity: 'error',
      comment: 'The portal reaches the database only through platform functions and the endpoints, never through db/.',
      from: { path: '^server/portal/' },
      to: { path: '^server/db/' },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(server|sdk|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
