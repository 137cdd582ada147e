import { badRequest } from './errors.js';

/**
 * A JSON part of a multipart form (an object or a list sent as one text field). Absent or blank
 * is `undefined`; malformed JSON or the wrong kind is 400 naming the field.
 */
export function parseJsonField(
  fields: Record<string, string>,
  name: string,
  kind: 'object' | 'array',
): unknown {
  const raw = fields[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return badRequest(`The ${name} field is not valid JSON.`, [{ field: name, message: 'Malformed JSON' }]);
  }
  const ok =
    kind === 'array'
      ? Array.isArray(value)
      : value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!ok) {
    badRequest(`The ${name} field must be a JSON ${kind === 'array' ? 'list' : 'object'}.`, [
      { field: name, message: `Expected a JSON ${kind}` },
    ]);
  }
  return value;
}

/** A Zod failure as 400 whose headline is the first issue's message (every issue in the details). */
export function firstIssue(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): never {
  const details = error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
  return badRequest(details[0]?.message ?? 'Invalid request', details);
}
