import {
  computeMatch,
  type JobMatch,
  LEVEL_RUNGS,
  type MatchProfile,
  placeTerms,
  profileSkillKeys,
  skillKey,
  skillKeys,
} from '@agora/shared';
import type { AppContext } from '../../context.js';
import { isUuid } from '../../lib/ids.js';
import { projectEvidenceOf } from '../hackathons/hackathons.evidence.service.js';
import { ideaEvidenceOf } from '../ideas/ideas.evidence.service.js';
import { rewardedAnswersByPerson } from '../questions/questions.evidence.service.js';
import { matchProfilesOf } from '../users/users.profile.js';
import * as repo from './jobs.repo.js';
import type { JobRow, MatchValues } from './jobs.repo.js';

/**
 * Smart Matching: how a job matches a person, computed when asked from their profile as it is now
 * (packages/shared domain/job-match.ts has the score), with lines of evidence from their activity
 * on Agora. Nothing here is stored.
 */

/** The question categories whose rewarded answers speak for a job category. */
const QUESTION_CATEGORIES_FOR: Readonly<Record<string, readonly string[]>> = {
  Engineering: ['Technology'],
  DevOps: ['Technology'],
  Security: ['Technology'],
  'Data Science': ['Technology', 'Science'],
  Product: ['Technology', 'Business'],
  Design: ['Creative Arts'],
  Marketing: ['Business', 'Creative Arts'],
  Sales: ['Business'],
  Operations: ['Business'],
  'Business Development': ['Business'],
  'Customer Success': ['Business'],
  Finance: ['Business'],
  HR: ['Business'],
  Legal: ['Business'],
};

/** Evidence lines per kind shown for one job at most (the rest would repeat the point). */
const PER_KIND = 2;

/** What one person's activity offers as evidence. */
interface Activity {
  rewarded: Map<string, number>;
  projects: Array<{ title: string; text: string; words: Set<string>; tagKeys: Set<string> }>;
  ideas: Array<{ title: string; tagKeys: Set<string> }>;
}

/** A person as matching reads them: the score's inputs and their activity. */
export interface Matchee {
  profile: MatchProfile;
  /** Whether they gave or kept any skill (the web then shows recommendations). */
  hasSkills: boolean;
  activity: Activity;
}

const emptyActivity = (): Activity => ({ rewarded: new Map(), projects: [], ideas: [] });

/** The words of a text lower-cased, kept whole with their dots, pluses and hashes (node.js, c++, c#). */
function wordsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}.+#/-]+/u)) {
    const t = w.replace(/^[.-]+|[.-]+$/g, '');
    if (t) out.add(skillKey(t));
  }
  return out;
}

/** The values sort=match binds into its SQL score (jobs.repo.ts matchScoreSql) for a person. */
export function matchValues(m: Matchee): MatchValues {
  return {
    keys: m.profile.skillKeys as string[],
    rung: m.profile.level == null ? null : (LEVEL_RUNGS[m.profile.level] ?? null),
    places: placeTerms(m.profile.location),
  };
}

export function createJobMatching(ctx: Pick<AppContext, 'db'>) {
  /**
   * People's match profiles and activity, in four reads whatever their number: each area that
   * holds evidence says through its service what of it may be cited.
   */
  async function matchees(userIds: readonly string[]): Promise<Map<string, Matchee>> {
    const ids = [...new Set(userIds)];
    const out = new Map<string, Matchee>();
    if (ids.length === 0) return out;
    const profiles = await matchProfilesOf(ctx, ids);
    const [rewarded, projects, ideas] = await Promise.all([
      rewardedAnswersByPerson(ctx.db, ids),
      projectEvidenceOf(ctx.db, ids),
      ideaEvidenceOf(ctx.db, ids),
    ]);
    for (const [id, p] of profiles) {
      const keys = profileSkillKeys(p.skills, p.inferredSkills);
      out.set(id, {
        profile: { skillKeys: keys, level: p.level, location: p.location },
        hasSkills: keys.length > 0,
        activity: { ...emptyActivity(), rewarded: rewarded.get(id) ?? new Map() },
      });
    }
    for (const p of projects) {
      out.get(p.userId)?.activity.projects.push({
        title: p.title,
        text: p.text.toLowerCase().replace(/\s+/g, ' '),
        words: wordsOf(p.text),
        tagKeys: new Set(skillKeys(p.tags)),
      });
    }
    for (const i of ideas) {
      out.get(i.userId)?.activity.ideas.push({ title: i.title, tagKeys: new Set(skillKeys(i.tags)) });
    }
    return out;
  }

  /** One person (the viewer), or null when the account is gone. */
  async function matchee(userId: string): Promise<Matchee | null> {
    return (await matchees([userId])).get(userId) ?? null;
  }

  /**
   * A job's applicants by their score for it (one read of their profiles, no activity): what the
   * poster's pipeline is ordered by. Null when there is no such job.
   */
  async function applicantScores(jobId: string, applicantIds: readonly string[]) {
    const row = isUuid(jobId) ? await repo.findJobWithAuthor(ctx.db, jobId) : undefined;
    if (!row) return null;
    const profiles = await matchProfilesOf(ctx, applicantIds);
    const scores = new Map<string, number>();
    for (const [id, p] of profiles) {
      const m: Matchee = {
        profile: {
          skillKeys: profileSkillKeys(p.skills, p.inferredSkills),
          level: p.level,
          location: p.location,
        },
        hasSkills: false,
        activity: emptyActivity(),
      };
      scores.set(id, matchOf(m, row.job).score);
    }
    return { job: row.job, scores };
  }

  /** The full match (with evidence as reasons) of a page of applicants for a job. */
  async function applicantMatches(
    job: JobRow,
    applicantIds: readonly string[],
  ): Promise<Map<string, JobMatch>> {
    const people = await matchees(applicantIds);
    return new Map([...people].map(([id, m]) => [id, matchOf(m, job)]));
  }

  return { matchees, matchee, applicantScores, applicantMatches };
}

export type JobMatching = ReturnType<typeof createJobMatching>;

/** Evidence lines for a job from a person's activity: rewarded answers, projects, ideas. */
export function evidenceFor(activity: Activity, job: Pick<JobRow, 'category' | 'skills'>): string[] {
  const lines: string[] = [];
  for (const category of QUESTION_CATEGORIES_FOR[job.category] ?? []) {
    const n = activity.rewarded.get(category) ?? 0;
    if (n > 0) lines.push(`${n} rewarded answer${n === 1 ? '' : 's'} in ${category}`);
  }
  const keys = skillKeys(job.skills ?? []);
  if (keys.length === 0) return lines;
  const projects = activity.projects
    .filter((p) =>
      keys.some((k) => p.tagKeys.has(k) || p.words.has(k) || (k.includes(' ') && p.text.includes(k))),
    )
    .slice(0, PER_KIND);
  for (const p of projects) lines.push(`Hackathon project: ${p.title}`);
  const ideas = activity.ideas.filter((i) => keys.some((k) => i.tagKeys.has(k))).slice(0, PER_KIND);
  for (const i of ideas) lines.push(`Idea: ${i.title}`);
  return lines;
}

/** The match of a job for a person: score, the job's skills they have and lack, evidence. */
export function matchOf(m: Matchee, job: JobRow): JobMatch {
  const { score, matched, missing } = computeMatch(m.profile, {
    skills: job.skills ?? [],
    level: job.level,
    isRemote: job.isRemote,
    city: job.city,
    state: job.state,
    country: job.country,
  });
  return { score, matched, missing, evidence: evidenceFor(m.activity, job) };
}
