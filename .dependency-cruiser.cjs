/**
 * Import rules between the product's areas (ARCHITECTURE.md). Checked by
 * apps/server/test/architecture/dependencies.test.ts, which also runs the checks a rule here cannot
 * express (area-level cycles, another area's data-access files) on the same cruise; run by hand with
 * `npx depcruise apps/server/src --output-type err`.
 *
 * Paths are matched from the repository root; `modules/<area>/` names an area.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A file cycle means neither side can be read or changed alone. Type-only imports vanish at build time; ' +
        'the schema files name each other in lazy foreign-key callbacks, which is how Drizzle declares them.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '/db/schema/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-other-areas-repo',
      comment: "An area reaches another area's tables through that area's service, never its repo.",
      severity: 'error',
      from: { path: '/modules/([^/]+)/', pathNot: '\\.(test|fixtures)\\.ts$' },
      to: { path: '/modules/[^/]+/[^/]+\\.repo\\.ts$', pathNot: '/modules/$1/' },
    },
    {
      name: 'services-routes-policies-without-sql',
      comment: 'Services hold the rules, routes HTTP, policies pure checks: queries live in the repo.',
      severity: 'error',
      from: { path: '/modules/[^/]+/[^/]+\\.(service|routes|policy)\\.ts$' },
      to: { path: ['(^|/)node_modules/drizzle-orm/', '/db/schema/'] },
    },
    {
      name: 'nothing-imports-admin',
      comment: 'Admin calls every area; no area calls admin (audit entries are written by lib/audit.ts).',
      severity: 'error',
      from: { path: '/modules/(?!admin/)[^/]+/', pathNot: '\\.(test|fixtures)\\.ts$' },
      to: { path: '/modules/admin/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$|/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
