import type { SQL } from 'drizzle-orm';
import { initPlanValue } from './prepared.js';

/**
 * A tsquery (built from placeholders: `to_tsquery('english', ${word})`, or several joined by
 * `&&` / `||`) computed once per execution: an InitPlan's value (db/prepared.ts initPlanValue),
 * which a full-text index scan takes as a runtime key. Written bare, the expression is a constant
 * only in a custom plan; a named statement's generic plan would parse it again for every row it
 * is compared with. Statements whose every tsquery is wrapped so may be
 * named (db/named-statements.ts `preparable`), and then keep their plan.
 */
export function tsQueryOnce(expr: SQL): SQL {
  return initPlanValue(expr);
}
