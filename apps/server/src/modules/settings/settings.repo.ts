import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

/** The stored value of one setting (undefined when it was never set). */
export async function findSettingValue(exec: Executor, key: string): Promise<unknown> {
  const row = await exec.query.settings.findFirst({ where: eq(settings.key, key) });
  return row?.value;
}

/** Sets one setting, inserting it the first time. */
export async function upsertSetting(exec: Executor, key: string, value: number, now: Date): Promise<void> {
  await exec
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}
