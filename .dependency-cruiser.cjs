/*
 * Import cycles (ADR 038): none between files, none between backend domains (the folders right
 * under worker/backend). test/architecture/import-cycles.test.ts runs these rules; from the
 * command line: npx depcruise --config .dependency-cruiser.cjs --output-type err worker/backend
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment: 'A file that imports itself through others: split it or move the shared part down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-domain-cycle',
      comment:
        'Backend domains point one way (ADR 002): move the shared piece down (orders/, the ' +
        'domain that owns the data, worker/lib) or make the call an order event (ADR 038).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^worker/backend/[^/]+$' },
      to: { path: '^worker/backend/[^/]+$', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a domain that needs another's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.worker.json' },
  },
}
