import {
  Email,
  HACKATHON_SUBMISSION_FILE_EXTENSIONS,
  type HackathonSubmission,
  type HackathonTeamMember,
  hackathonPhase,
  ProjectSubmissionInput,
  type ProjectSubmissionParts,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { detectDocument } from '../../lib/document-check.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { firstIssue } from '../../lib/form-fields.js';
import { isUuid } from '../../lib/ids.js';
import { discardUpload, storeUpload, uploadedFile } from '../../lib/uploads.js';
import { canSeeSubmission, isPrivileged } from './hackathons.policy.js';
import { toSubmission, type Viewer } from './hackathons.presenter.js';
import * as repo from './hackathons.repo.js';
import * as teamsRepo from './hackathons.teams.repo.js';
import { refreshTeamSubmission } from './hackathons.teams.submission.js';

/** spec 03 §9 submission types, by content; the name's extension must agree with the bytes. */
const SUBMISSION_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  // file-type reports .doc (an OLE compound file) as x-cfb; the .doc extension is then required.
  'application/x-cfb': ['doc'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/zip': ['zip'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
};
export const SUBMISSION_FILE_INVALID = 'Please upload a PDF, DOC, DOCX, ZIP, JPG, PNG or GIF file.';

/**
 * Project submissions of a hackathon (spec 03 §9): submit or update one, the organiser's result,
 * the file. `loadVisible` is the hackathon service's own (404 unless the viewer may see it).
 */
export function createHackathonSubmissions(
  ctx: AppContext,
  loadVisible: (viewer: Viewer, id: string) => Promise<repo.HackathonRecord>,
) {
  const now = () => ctx.clock.now();
  return {
    /**
     * POST /api/hackathons/:id/submit: registered users, while running (409 after the end); one
     * submission per team, or per participant without a team.
     */
    async submitProject(
      user: SessionUser,
      id: string,
      form: ProjectSubmissionParts,
    ): Promise<{ submission: HackathonSubmission; updated: boolean }> {
      const rec = await loadVisible(user, id);
      if (!rec.isRegistered) forbidden('Only registered participants can submit a project.');
      if (hackathonPhase(rec.h, now()) !== 'open') {
        conflict('NOT_RUNNING', 'Projects can be submitted only while the hackathon is running.');
      }
      // teamMembers was parsed from its JSON part by ProjectSubmissionParts before the service.
      const parsed = ProjectSubmissionInput.safeParse(form);
      if (!parsed.success) firstIssue(parsed.error);
      const v = parsed.data!;

      // The submitter is always the first member, from the session; other members cannot be
      // verified, so they keep a name and e-mail but no account id.
      const members: HackathonTeamMember[] = [
        { userId: user.id, userDisplayName: user.displayName, userEmail: user.email },
      ];
      for (const m of v.teamMembers ?? []) {
        const name = m.userDisplayName?.trim() ?? '';
        const email = m.userEmail?.trim().toLowerCase() ?? '';
        if (m.userId === user.id || email === user.email || (!name && !email)) continue;
        if (email && !Email.safeParse(email).success) {
          badRequest(`Team member e-mail "${email.slice(0, 60)}" is not valid.`, [
            { field: 'teamMembers', message: 'Invalid e-mail' },
          ]);
        }
        members.push({ userId: '', userDisplayName: name || email, userEmail: email });
      }

      // The file last: everything else is valid by now, so a refused request never leaves one stored.
      const file = uploadedFile(form.submissionFile);
      let stored: { key: string; originalName: string } | null = null;
      if (file && file.buffer.length > 0) {
        // Content decides (a renamed executable is refused); the name must agree with it.
        const mime = await detectDocument(file, SUBMISSION_TYPES, HACKATHON_SUBMISSION_FILE_EXTENSIONS);
        if (!mime) throw new AppError('INVALID_FILE', 400, SUBMISSION_FILE_INVALID);
        stored = await storeUpload(ctx, file, {
          ownerId: user.id,
          purpose: 'hackathon-submission',
          allowed: [mime],
          invalidMessage: SUBMISSION_FILE_INVALID,
        });
      }

      const t = now();
      let result: { row: repo.SubmissionRow; previousFileKey: string | null; existed: boolean };
      try {
        result = await ctx.db.transaction(async (tx) => {
          // Serialises this user's submissions to this hackathon with their team changes, so the
          // file being replaced is known and a submission never lands beside a team being joined.
          await teamsRepo.lockPerson(tx, id, user.id);
          await repo.lockParticipant(tx, id, user.id);
          const teamId = await teamsRepo.teamOf(tx, id, user.id);
          if (teamId) {
            // One submission per team: any member creates or edits the same row; the team's name
            // and members come from the team, whatever the form says.
            await teamsRepo.lockTeam(tx, teamId);
            const existing = await teamsRepo.teamSubmission(tx, teamId);
            const content = {
              projectTitle: v.projectTitle,
              projectDescription: v.projectDescription,
              projectUrl: v.projectUrl,
              githubUrl: v.githubUrl,
              demoUrl: v.demoUrl,
              ...(stored ? { fileKey: stored.key, fileName: stored.originalName } : {}),
              updatedAt: t,
            };
            const row = existing
              ? await teamsRepo.updateSubmission(tx, existing.id, content)
              : await teamsRepo.insertTeamSubmission(tx, {
                  ...content,
                  hackathonId: id,
                  userId: user.id,
                  teamId,
                  teamName: v.teamName,
                  teamMembers: members,
                  submittedAt: t,
                });
            await refreshTeamSubmission(tx, teamId, t);
            return {
              row: (await teamsRepo.teamSubmission(tx, teamId)) ?? row,
              previousFileKey: existing?.fileKey ?? null,
              existed: Boolean(existing),
            };
          }
          const existing = await repo.findSubmission(tx, id, user.id);
          const row = await repo.upsertSubmission(tx, {
            hackathonId: id,
            userId: user.id,
            teamName: v.teamName,
            projectTitle: v.projectTitle,
            projectDescription: v.projectDescription,
            projectUrl: v.projectUrl,
            githubUrl: v.githubUrl,
            demoUrl: v.demoUrl,
            fileKey: stored?.key ?? null,
            fileName: stored?.originalName ?? null,
            teamMembers: members,
            submittedAt: t,
            updatedAt: t,
          });
          return { row, previousFileKey: existing?.fileKey ?? null, existed: Boolean(existing) };
        });
      } catch (err) {
        if (stored) await discardUpload(ctx, stored.key);
        throw err;
      }
      // A new file replaced the previous one: nothing refers to the old one any more.
      if (stored && result.previousFileKey && result.previousFileKey !== stored.key) {
        await discardUpload(ctx, result.previousFileKey);
      }
      return { submission: toSubmission(result.row), updated: result.existed };
    },

    /** PATCH /api/hackathons/:id/submissions/:sid: the organiser or an admin sets the result. */
    async setSubmissionStatus(user: SessionUser, id: string, sid: string, status: string) {
      const { h } = await loadVisible(user, id);
      if (!isPrivileged(user, h)) forbidden('Only the organizer can change a submission status.');
      if (!isUuid(sid)) notFound('Submission not found');
      const sub = (await repo.findSubmissionById(ctx.db, id, sid)) ?? notFound('Submission not found');
      const row = await repo.setSubmissionStatus(ctx.db, sub.id, status, now());
      return toSubmission(row);
    },

    /** A submission's file, for the organiser, admins and the submitter only. */
    async submissionFile(user: SessionUser, id: string, sid: string) {
      const { h } = await loadVisible(user, id);
      if (!isUuid(sid)) notFound('Submission not found');
      const sub = (await repo.findSubmissionById(ctx.db, id, sid)) ?? notFound('Submission not found');
      // Members of the submitting team read it as the submitter does.
      const teamMember = sub.teamId !== null && (await teamsRepo.teamOf(ctx.db, id, user.id)) === sub.teamId;
      if (!teamMember && !canSeeSubmission(user, h, sub)) notFound('Submission not found');
      if (!sub.fileKey) notFound('This submission has no file');
      const file = await ctx.db.query.files.findFirst({
        where: (f, { eq }) => eq(f.key, sub.fileKey!),
      });
      const data = file ? await ctx.storage.open(sub.fileKey!) : null;
      if (!file || !data) return notFound('File not found');
      return { data: data.body, size: data.size, mimetype: file.mimetype, name: file.originalName };
    },
  };
}
