import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { hasVisibleText, nameProblem } from '../domain/visible-text.js';

// In the browser the CSP forbids eval; zod would probe `new Function('')` (and Chromium reports a
// CSP violation) before falling back. Tell it up front. The server keeps zod's faster JIT path.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** CONTRACT §3 error body. */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * A path id. PostgreSQL matches a uuid whatever its letter case, so the id is lower-cased here:
 * every comparison with a stored id (`id === user.id`) then means what it says.
 */
export const IdParam = z.object({ id: z.string().uuid().toLowerCase() });
export const Id = z.string();

/** A trimmed, non-blank string with a maximum length. */
export const text = (max: number, message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .trim()
    .min(1, message ? { error: message } : undefined)
    .max(max, { error: `Must be at most ${max} characters` })
    .refine(hasVisibleText, { error: message ?? 'Must contain visible characters' });

/**
 * A name shown to others (a display name, an organiser, a team, a company): `schema`'s checks,
 * then the one name rule (no hidden or text-direction characters, nothing that passes for the
 * staff) with its one message, the same on the server and in the web form.
 */
export const shownName = <T extends z.ZodType<string>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    const problem = nameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .optional()
    .transform((v) => (v && hasVisibleText(v) ? v : undefined));

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax)
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const LimitQuery = z.coerce
  .number()
  .int()
  .min(1)
  .max(LIMITS.pageSizeMax)
  .default(LIMITS.pageSizeDefault);

export const Author = z.object({ id: z.string(), displayName: z.string() });
export type Author = z.infer<typeof Author>;

// ---------- multipart bodies (the server reads the parts into an object before validation) ----------

/** A file part of a multipart body: the server puts `{ buffer, filename }` there (OpenAPI: binary). */
export const FilePart = z
  .custom<{ buffer: Uint8Array; filename: string }>(
    (v) => typeof v === 'object' && v !== null && 'buffer' in v && 'filename' in v,
  )
  .meta({ type: 'string', format: 'binary' });

/** A plain text part (multipart text fields are strings; absent is undefined). */
export const TextPart = z.string().optional();

/**
 * A JSON object or list sent as one multipart text field, parsed before validation: blank is
 * absent; malformed JSON or the wrong kind is refused with a sentence naming the field. The
 * value's own rules are the area's (checked after, in the spec's order).
 */
export function jsonPart(name: string, kind: 'object' | 'array') {
  return z
    .preprocess((raw, ctx) => {
      if (typeof raw !== 'string') return raw;
      if (raw.trim() === '') return undefined;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: `The ${name} field is not valid JSON.`, input: raw });
        return z.NEVER;
      }
      const ok =
        kind === 'array'
          ? Array.isArray(value)
          : value !== null && typeof value === 'object' && !Array.isArray(value);
      if (!ok) {
        ctx.addIssue({
          code: 'custom',
          message: `The ${name} field must be a JSON ${kind === 'array' ? 'list' : 'object'}.`,
          input: raw,
        });
        return z.NEVER;
      }
      return value;
    }, z.unknown())
    .meta({ description: `A JSON ${kind === 'array' ? 'list' : 'object'} sent as one text part` });
}
