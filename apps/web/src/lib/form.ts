import { disableZodEval } from '@agora/shared';
import { type FormErrors, schemaResolver, type UseFormReturnType } from '@mantine/form';

// The CSP allows no eval: Zod must not compile (or even probe for) `new Function` in the browser.
disableZodEval();

/** A Standard Schema (every Zod 4 schema is one), as @mantine/form's resolver takes it. */
type Schema = Parameters<typeof schemaResolver>[0];

/**
 * The one way Agora's forms validate: `@mantine/form` with the shared Zod schema from
 * packages/shared, every problem shown inline on its field at once, the spec's sentences kept.
 *
 *   const form = useForm({ initialValues, validate: zodValidate(SomeFormSchema) });
 *   onSubmit: const first = validateAll(form, FIELD_ORDER);
 *             if (first) { notifications.show({ …, message: first.message }); return; }
 */
export function zodValidate(schema: Schema): (values: unknown) => FormErrors {
  // Synchronous: a Zod schema without async refinements answers at once, so `form.validate()`
  // returns the errors to the submit handler.
  return schemaResolver(schema, { sync: true });
}

/** Brings a field's visible input into view and focuses it (a Select's text box, not its hidden input). */
export function focusField<V>(form: UseFormReturnType<V>, field: string): void {
  const node = form.getInputNode(field as never) as HTMLElement | null | undefined;
  node?.scrollIntoView?.({ block: 'center' });
  node?.focus({ preventScroll: true });
}

/**
 * Validates every field, shows each error on its field, focuses the first invalid field in `order`
 * (the spec's check order, or the form's reading order) and returns it with its message; null
 * when the form is valid. Fields missing from `order` come after it, in the schema's order.
 */
export function validateAll<V>(
  form: UseFormReturnType<V>,
  order: readonly string[],
): { field: string; message: string } | null {
  const { hasErrors, errors } = form.validate();
  if (!hasErrors) return null;
  const field = order.find((k) => errors[k]) ?? Object.keys(errors).find((k) => errors[k])!;
  focusField(form, field);
  return { field, message: String(errors[field]) };
}

/**
 * A server 400's `details` ([{ field, message }]) onto the form's fields, through `fields`
 * (server path → form path, e.g. 'body.company.name' → 'companyName'). Returns the first mapped field.
 */
export function showServerErrors<V>(
  form: UseFormReturnType<V>,
  details: unknown,
  fields: Record<string, string>,
): string | null {
  if (!Array.isArray(details)) return null;
  let first: string | null = null;
  for (const d of details as Array<{ field?: unknown; message?: unknown }>) {
    const path = typeof d.field === 'string' ? fields[d.field] : undefined;
    if (!path || typeof d.message !== 'string') continue;
    form.setFieldError(path as never, d.message);
    first ??= path;
  }
  if (first) focusField(form, first);
  return first;
}
