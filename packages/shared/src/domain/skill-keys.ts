/**
 * One spelling per skill, so "JS" on a profile matches "JavaScript" on a job. A key is the skill
 * lower-cased with its spaces collapsed, then folded through SKILL_SYNONYMS.
 *
 * The database folds skills the same way: agora_skill_key (one skill) and agora_skill_keys (a
 * list; jobs.skill_keys is generated from it), each holding this table (migration 0032).
 * skill-keys.sql.test.ts runs every pair below through both, so a synonym added here without a
 * migration that redefines the two functions fails the tests.
 */
export const SKILL_SYNONYMS: Readonly<Record<string, string>> = {
  js: 'javascript',
  ecmascript: 'javascript',
  es6: 'javascript',
  ts: 'typescript',
  postgres: 'postgresql',
  psql: 'postgresql',
  pg: 'postgresql',
  k8s: 'kubernetes',
  node: 'node.js',
  nodejs: 'node.js',
  reactjs: 'react',
  'react.js': 'react',
  vuejs: 'vue',
  'vue.js': 'vue',
  nextjs: 'next.js',
  golang: 'go',
  'amazon web services': 'aws',
  'google cloud': 'gcp',
  'google cloud platform': 'gcp',
  ml: 'machine learning',
  ai: 'artificial intelligence',
  csharp: 'c#',
  cpp: 'c++',
  python3: 'python',
  mongo: 'mongodb',
  css3: 'css',
  html5: 'html',
  cicd: 'ci/cd',
  'ci cd': 'ci/cd',
  tf: 'terraform',
  gql: 'graphql',
  mssql: 'sql server',
  'ms sql': 'sql server',
  'ux design': 'ux',
  'ui design': 'ui',
};

/** The key a skill is compared by: lower case, spaces collapsed, synonyms folded. */
export function skillKey(skill: string): string {
  const plain = skill.trim().replace(/\s+/g, ' ').toLowerCase();
  return SKILL_SYNONYMS[plain] ?? plain;
}

/** Keys of a list of skills, each once, in the list's order. */
export function skillKeys(skills: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const s of skills) {
    const k = skillKey(s);
    if (k && !seen.has(k)) {
      seen.add(k);
      out.push(k);
    }
  }
  return out;
}
