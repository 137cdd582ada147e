import type { Config } from '../config.js';
import type { Ranker } from './ranker.js';
import { BuiltinRanker } from './ranker-builtin.js';
import { ChatCompletionsRanker } from './ranker-llm.js';

/** CONTRACT §2: an OpenAI-compatible endpoint when AI_BASE_URL is set, else the built-in ranker. */
export function createRanker(ai: Config['ai']): Ranker {
  if (ai.baseUrl)
    return new ChatCompletionsRanker({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model });
  return new BuiltinRanker();
}
