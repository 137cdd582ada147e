import { CONTACT_CATEGORIES } from '@agora/shared';
import { contactMessages } from '../../src/db/schema/index.js';
import { insertBatched, type SeedStep } from './types.js';

const SUBJECTS = [
  'Payment went through but the question shows unpaid',
  'How do I change my display name?',
  'Partnership for a college hackathon',
  'Withdrawal taking longer than expected',
  'Feature request: dark mode',
  'Report an inappropriate idea',
  'Can I post internships on the Jobs Hub?',
  'Thank you!',
];
const NAMES = ['Ravi Kumar', 'Ananya Rao', 'Tom Becker', 'Fatima Noor', 'Jia Wei', 'Carlos Ruiz'];

/** Contact messages for the admin portal's inbox, spread over the last 30 days. */
export const step: SeedStep & { order: number } = {
  name: 'admin (contact messages)',
  order: 90,
  async run(ctx) {
    const count = 12 * ctx.scale;
    const rows = Array.from({ length: count }, () => {
      const name = ctx.rng.pick(NAMES);
      const subject = ctx.rng.pick(SUBJECTS);
      return {
        name,
        email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
        subject,
        category: ctx.rng.pick(CONTACT_CATEGORIES),
        message: `Hello Agora team,\n\n${subject}. Could you help?\n\nThanks,\n${name.split(' ')[0]}`,
        createdAt: new Date(ctx.now.getTime() - ctx.rng.int(0, 30 * 24 * 60) * 60_000),
      };
    });
    await insertBatched(rows, 500, (batch) => ctx.db.insert(contactMessages).values(batch));
    ctx.log(`${count} contact messages`);
  },
};
