import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { files } from '../../db/schema/index.js';

/** The stored file's record by its storage key. */
export function findFileByKey(exec: Executor, key: string) {
  return exec.query.files.findFirst({ where: eq(files.key, key) });
}
