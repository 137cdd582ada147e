import { z } from 'zod';

/**
 * For browsers: Zod compiles object parsers with `new Function`, which the site's strict
 * Content-Security-Policy forbids — and merely probing for it is reported as a CSP violation.
 * The web calls this before its forms validate; the server keeps the faster compiled parsers.
 */
export function disableZodEval(): void {
  z.config({ jitless: true });
}
