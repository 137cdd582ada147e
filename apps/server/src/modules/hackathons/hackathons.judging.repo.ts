import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  hackathonJudges,
  hackathonScores,
  hackathonSubmissions,
  hackathonTeamMembers,
  hackathons,
  hackathonVotes,
} from '../../db/schema/index.js';

export type JudgeRow = typeof hackathonJudges.$inferSelect;
export type ScoreRow = typeof hackathonScores.$inferSelect;

/**
 * Criteria and team size, by the organiser, while the hackathon has not ended. The size is set only
 * when no team of the hackathon has more members than it (same statement); undefined otherwise.
 */
export async function updateJudgingSettings(
  exec: Executor,
  id: string,
  set: { criteria?: Array<{ name: string; weight: number }>; maxTeamSize?: number },
  at: Date,
) {
  const fits =
    set.maxTeamSize === undefined
      ? undefined
      : sql`not exists (select 1 from ${hackathonTeamMembers} m where m.hackathon_id = ${id}
          group by m.team_id having count(*) > ${set.maxTeamSize})`;
  const [row] = await exec
    .update(hackathons)
    .set({ ...set, updatedAt: at })
    .where(and(eq(hackathons.id, id), fits))
    .returning({ id: hackathons.id });
  return row;
}

// ---------- judges ----------

/** Adds a judge; undefined when that e-mail is a judge of this hackathon already. */
export async function insertJudge(
  exec: Executor,
  v: { hackathonId: string; email: string; userId: string | null },
): Promise<JudgeRow | undefined> {
  const [row] = await exec.insert(hackathonJudges).values(v).onConflictDoNothing().returning();
  return row;
}

export function listJudges(exec: Executor, hackathonId: string): Promise<JudgeRow[]> {
  return exec
    .select()
    .from(hackathonJudges)
    .where(eq(hackathonJudges.hackathonId, hackathonId))
    .orderBy(asc(hackathonJudges.createdAt), asc(hackathonJudges.id));
}

/** The judge of this hackathon whose address is `email` (case-insensitive). */
export async function findJudgeByEmail(exec: Executor, hackathonId: string, email: string) {
  const [row] = await exec
    .select()
    .from(hackathonJudges)
    .where(
      and(
        eq(hackathonJudges.hackathonId, hackathonId),
        sql`lower(${hackathonJudges.email}) = lower(${email})`,
      ),
    )
    .limit(1);
  return row;
}

/** Links the judge to the account that first acts with its address. */
export async function linkJudge(exec: Executor, judgeId: string, userId: string): Promise<void> {
  await exec
    .update(hackathonJudges)
    .set({ userId })
    .where(and(eq(hackathonJudges.id, judgeId), isNull(hackathonJudges.userId)));
}

export async function deleteJudge(exec: Executor, hackathonId: string, judgeId: string): Promise<boolean> {
  const rows = await exec
    .delete(hackathonJudges)
    .where(and(eq(hackathonJudges.hackathonId, hackathonId), eq(hackathonJudges.id, judgeId)))
    .returning({ id: hackathonJudges.id });
  return rows.length > 0;
}

// ---------- submissions, scores ----------

/** Every submission of the hackathon, oldest first (the order ties are ranked in). */
export function listSubmissions(exec: Executor, hackathonId: string) {
  return exec
    .select({
      id: hackathonSubmissions.id,
      userId: hackathonSubmissions.userId,
      teamId: hackathonSubmissions.teamId,
      teamName: hackathonSubmissions.teamName,
      projectTitle: hackathonSubmissions.projectTitle,
      projectDescription: hackathonSubmissions.projectDescription,
      githubUrl: hackathonSubmissions.githubUrl,
      demoUrl: hackathonSubmissions.demoUrl,
      place: hackathonSubmissions.place,
    })
    .from(hackathonSubmissions)
    .where(eq(hackathonSubmissions.hackathonId, hackathonId))
    .orderBy(asc(hackathonSubmissions.submittedAt), asc(hackathonSubmissions.id));
}
export type JudgedSubmission = Awaited<ReturnType<typeof listSubmissions>>[number];

export function listScores(exec: Executor, hackathonId: string): Promise<ScoreRow[]> {
  return exec.select().from(hackathonScores).where(eq(hackathonScores.hackathonId, hackathonId));
}

/** A judge's sheet for a submission; re-scoring replaces it. */
export async function upsertScore(
  exec: Executor,
  v: {
    submissionId: string;
    judgeId: string;
    hackathonId: string;
    scores: Record<string, number>;
    comment: string | null;
    updatedAt: Date;
  },
): Promise<ScoreRow> {
  const [row] = await exec
    .insert(hackathonScores)
    .values(v)
    .onConflictDoUpdate({
      target: [hackathonScores.submissionId, hackathonScores.judgeId],
      set: { scores: v.scores, comment: v.comment, updatedAt: v.updatedAt },
    })
    .returning();
  return row!;
}

// ---------- publication ----------

/** Marks the results published, once: undefined when they were already (or the hackathon is gone). */
export async function claimPublication(exec: Executor, id: string, at: Date) {
  const [row] = await exec
    .update(hackathons)
    .set({ resultsPublishedAt: at, updatedAt: at })
    .where(and(eq(hackathons.id, id), isNull(hackathons.resultsPublishedAt)))
    .returning({ id: hackathons.id, prizeState: hackathons.prizeState });
  return row;
}

/** Places 1..n to these submissions (1 winner, the rest runners-up); every other one a participant. */
export async function setPlaces(exec: Executor, hackathonId: string, placed: string[], at: Date) {
  await exec
    .update(hackathonSubmissions)
    .set({ place: null, status: 'participant', updatedAt: at })
    .where(eq(hackathonSubmissions.hackathonId, hackathonId));
  for (const [i, sid] of placed.entries()) {
    await exec
      .update(hackathonSubmissions)
      .set({ place: i + 1, status: i === 0 ? 'winner' : 'runner_up', updatedAt: at })
      .where(and(eq(hackathonSubmissions.hackathonId, hackathonId), eq(hackathonSubmissions.id, sid)));
  }
}

// ---------- people's choice ----------

/** One vote per person per hackathon: a second one moves it. */
export async function upsertVote(
  exec: Executor,
  v: { hackathonId: string; userId: string; submissionId: string; updatedAt: Date },
) {
  const [row] = await exec
    .insert(hackathonVotes)
    .values(v)
    .onConflictDoUpdate({
      target: [hackathonVotes.hackathonId, hackathonVotes.userId],
      set: { submissionId: v.submissionId, updatedAt: v.updatedAt },
    })
    .returning();
  return row!;
}

export async function voteCounts(exec: Executor, hackathonId: string): Promise<Map<string, number>> {
  const rows = await exec
    .select({ submissionId: hackathonVotes.submissionId, n: sql<number>`count(*)::int` })
    .from(hackathonVotes)
    .where(eq(hackathonVotes.hackathonId, hackathonId))
    .groupBy(hackathonVotes.submissionId);
  return new Map(rows.map((r) => [r.submissionId, Number(r.n)]));
}

/** The submission this person voted for in this hackathon, if any. */
export async function myVote(exec: Executor, hackathonId: string, userId: string) {
  const [row] = await exec
    .select({ submissionId: hackathonVotes.submissionId })
    .from(hackathonVotes)
    .where(and(eq(hackathonVotes.hackathonId, hackathonId), eq(hackathonVotes.userId, userId)));
  return row?.submissionId ?? null;
}
