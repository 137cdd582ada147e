// The CSP allows no eval: Zod must not compile (or even probe for) `new Function` in the browser.
// Imported first by main.tsx, before any page (a list's URL filters parse with shared schemas too,
// not only the forms) can run a schema.
//
// Zod 4 keeps its configuration in this global (zod/v4/core), shared by every copy of the library,
// and reads `jitless` from it. Setting it here instead of calling z.config() keeps zod itself out
// of the entry chunk (~5 KB gzipped on every first visit): the pages and forms that validate load
// it later and find jitless already on. zod-setup.test.ts checks that zod reads it.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
export {};
