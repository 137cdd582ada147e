/**
 * "1 like", "2 likes", "0 answers". The irregular plural is passed when adding "s" is wrong
 * (plural(2, 'reply', 'replies')). Counts are shown as given (no grouping): they are small.
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
