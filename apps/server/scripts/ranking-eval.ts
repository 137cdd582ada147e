// npx tsx apps/server/scripts/ranking-eval.ts — NDCG@3 and top-1 accuracy of the answer rankers on
// the labelled sets in apps/server/eval/ (ranking-set.json, the development and held-out sets of short
// answers). With AI_BASE_URL set, the LLM ranker too.
import { loadConfig } from '../src/config.js';
import { BuiltinRanker } from '../src/platform/ranker-builtin.js';
import {
  baselines,
  evaluate,
  loadRankingSet,
  RANKING_DEV_SET_PATH,
  RANKING_HELDOUT_SET_PATH,
  RANKING_SET_PATH,
} from '../src/platform/ranker-eval.js';
import { ChatCompletionsRanker } from '../src/platform/ranker-llm.js';

const ai = loadConfig().ai;
const llm = ai.baseUrl
  ? new ChatCompletionsRanker({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model })
  : undefined;
for (const [label, file] of [
  ['ranking-set.json', RANKING_SET_PATH],
  ['ranking-dev.json (short answers, development)', RANKING_DEV_SET_PATH],
  ['ranking-heldout.json (short answers, held out)', RANKING_HELDOUT_SET_PATH],
] as const) {
  const set = loadRankingSet(file);
  const rows: Array<[string, Awaited<ReturnType<typeof evaluate>>]> = [
    ['builtin', await evaluate((i) => new BuiltinRanker().rank(i), set)],
    ['posted order', await evaluate(baselines.original, set)],
    ['longest first', await evaluate(baselines.longest, set)],
  ];
  if (llm) rows.push([llm.name, await evaluate((i) => llm.rank(i), set)]);
  console.log(
    `\n${label}: ${set.length} questions, ${set.reduce((n, q) => n + q.answers.length, 0)} answers`,
  );
  console.log('ranker            NDCG@3  top-1');
  for (const [name, r] of rows)
    console.log(`${name.padEnd(16)}  ${r.ndcg3.toFixed(3)}   ${r.top1.toFixed(3)}`);
}
