import { disableZodEval } from '@agora/shared';

// The CSP allows no eval: Zod must not compile (or even probe for) `new Function` in the browser.
// Imported first by main.tsx, before any page (a list's URL filters parse with shared schemas too,
// not only the forms) can run a schema.
disableZodEval();
