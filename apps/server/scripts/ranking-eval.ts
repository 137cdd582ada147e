// npx tsx apps/server/scripts/ranking-eval.ts — NDCG@3 and top-1 accuracy of the answer rankers on
// the labelled set in apps/server/eval/ranking-set.json. With AI_BASE_URL set, the LLM ranker too.
import { loadConfig } from '../src/config.js';
import { BuiltinRanker } from '../src/platform/ranker-builtin.js';
import { baselines, evaluate, loadRankingSet } from '../src/platform/ranker-eval.js';
import { ChatCompletionsRanker } from '../src/platform/ranker-llm.js';

const set = loadRankingSet();
const rows: Array<[string, Awaited<ReturnType<typeof evaluate>>]> = [
  ['builtin', await evaluate((i) => new BuiltinRanker().rank(i), set)],
  ['posted order', await evaluate(baselines.original, set)],
  ['longest first', await evaluate(baselines.longest, set)],
];
const ai = loadConfig().ai;
if (ai.baseUrl) {
  const llm = new ChatCompletionsRanker({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model });
  rows.push([llm.name, await evaluate((i) => llm.rank(i), set)]);
}
console.log(`${set.length} questions, ${set.reduce((n, q) => n + q.answers.length, 0)} answers`);
console.log('ranker            NDCG@3  top-1');
for (const [name, r] of rows) console.log(`${name.padEnd(16)}  ${r.ndcg3.toFixed(3)}   ${r.top1.toFixed(3)}`);
