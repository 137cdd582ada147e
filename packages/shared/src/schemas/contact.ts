import { z } from 'zod';
import { CONTACT_CATEGORIES, LIMITS } from '../constants.js';
import { hasVisibleText } from '../domain/visible-text.js';
import { MSG } from '../messages.js';

const required = z
  .string({ error: MSG.contactRequired })
  .trim()
  .min(1, { error: MSG.contactRequired })
  .refine(hasVisibleText, { error: MSG.contactRequired });

export const ContactBody = z.object({
  name: required.pipe(z.string().max(LIMITS.nameMax)),
  email: required.pipe(
    z
      .string()
      .max(LIMITS.emailMax)
      .pipe(z.email({ error: 'Please enter a valid email address' })),
  ),
  subject: z.string().trim().max(200).optional().default(''),
  // Optional; when given, one of the form's categories (admins filter and route by it).
  category: z
    .union([z.literal(''), z.enum(CONTACT_CATEGORIES)], { error: 'Please choose a category from the list' })
    .optional()
    .default(''),
  message: required.pipe(z.string().max(5000)),
});
export type ContactBody = z.infer<typeof ContactBody>;

export const ContactResult = z.object({ success: z.literal(true), message: z.string(), _id: z.string() });
