import type { QuestionSort } from '@agora/shared';

/** spec 01 §3: attachment size in bytes, shown in KB. */
export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export const SORT_LABELS: Record<QuestionSort, string> = {
  'date-new': 'Newest first',
  'date-old': 'Oldest first',
  'date-unsolved': 'Unsolved',
  solved: 'Solved',
  all: 'All questions',
  random: 'Random',
  'ending-soon': 'Ending soon',
  'reward-high': 'Highest reward',
};

/** spec 01 §3: open and answered; anything else is treated as closed. */
export function statusOf(status: string): 'open' | 'answered' | 'closed' {
  return status === 'open' || status === 'answered' ? status : 'closed';
}

/** Markdown → a one-paragraph plain-text excerpt for cards. */
export function plainExcerpt(markdown: string, max = 220): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~|[*_])(\S[^*_~]*?)\1/g, '$2')
    .replace(/^\s*(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
