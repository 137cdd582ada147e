import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { MSG } from '../messages.js';

const required = z.string({ error: MSG.contactRequired }).trim().min(1, { error: MSG.contactRequired });

export const ContactBody = z.object({
  name: required.pipe(z.string().max(LIMITS.nameMax)),
  email: required.pipe(
    z
      .string()
      .max(LIMITS.emailMax)
      .pipe(z.email({ error: 'Please enter a valid email address' })),
  ),
  subject: z.string().trim().max(200).optional().default(''),
  category: z.string().trim().max(100).optional().default(''),
  message: required.pipe(z.string().max(5000)),
});
export type ContactBody = z.infer<typeof ContactBody>;

export const ContactResult = z.object({ success: z.literal(true), message: z.string(), _id: z.string() });
