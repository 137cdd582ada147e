import { badRequest } from './errors.js';

/** A Zod failure as 400 whose headline is the first issue's message (every issue in the details). */
export function firstIssue(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): never {
  const details = error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
  return badRequest(details[0]?.message ?? 'Invalid request', details);
}
