import { skillKey } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/prepared.js';
import { jobs } from '../../db/schema/index.js';

/**
 * The skill vocabulary of the Jobs Hub: the skills approved jobs ask for, one entry per skill key
 * (lower case, synonyms folded, as jobs.skill_keys), spelled as jobs spell it most often. Profiles
 * suggest from it and résumé text is matched against it (modules/users).
 */
export interface VocabularySkill {
  key: string;
  /** The jobs' most common spelling of this key. */
  skill: string;
  /** How many approved jobs ask for it. */
  uses: number;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A spelling or the key starts with `q` (so "JS" finds JavaScript, and "type" finds TypeScript). */
function prefixFilter(q: string) {
  const starts = `${escapeLike(q.toLowerCase())}%`;
  const key = `${escapeLike(skillKey(q))}%`;
  return sql`having bool_or(lower(skill) like ${starts}) or agora_skill_key(skill) like ${key}`;
}

const vocabulary = (q: string | null, limit: number | null) => sql`
  with spelled as (
    select u.s as skill, count(*)::int as n
      from ${jobs} j, unnest(j.skills) as u(s)
     where j.status = 'approved'
     group by u.s
  )
  select agora_skill_key(skill) as key,
         (array_agg(skill order by n desc, skill))[1] as skill,
         sum(n)::int as uses
    from spelled
   where agora_skill_key(skill) <> ''
   group by 1
  ${q === null ? sql`` : prefixFilter(q)}
   order by uses desc, key
  ${limit === null ? sql`` : sql`limit ${limit}`}`;

/** Skills of approved jobs whose spelling (or key) starts with `q`, most used first. */
export async function jobSkillVocabulary(
  ctx: Pick<AppContext, 'db'>,
  q: string,
  limit: number,
): Promise<VocabularySkill[]> {
  const prefix = q.trim().replace(/\s+/g, ' ');
  return rowsOf<VocabularySkill>(await ctx.db.execute(vocabulary(prefix || null, limit)));
}

/** Every skill key approved jobs ask for, with the jobs' spelling: what a résumé's text is matched against. */
export async function allJobSkillKeys(ctx: Pick<AppContext, 'db'>): Promise<VocabularySkill[]> {
  return rowsOf<VocabularySkill>(await ctx.db.execute(vocabulary(null, null)));
}

/** The vocabulary as the users area reads it (profiles' suggestions, résumés), wired by the app. */
export const jobSkillsFor = (ctx: Pick<AppContext, 'db'>) => ({
  suggest: (q: string, limit: number) => jobSkillVocabulary(ctx, q, limit),
  all: () => allJobSkillKeys(ctx),
});
