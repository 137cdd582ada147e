import type { Hackathon, HackathonListQuery, HackathonResult } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { buildCalendar } from './hackathons.ics.js';
import { isPrivileged } from './hackathons.policy.js';
import { present, toParticipant, toSubmission, type Viewer } from './hackathons.presenter.js';
import * as repo from './hackathons.repo.js';
import { decodeCursor, encodeCursor, type HackathonsShared } from './hackathons.shared.js';
import { submissionOf } from './hackathons.teams.submission.js';

/** Organisers and admins see at most this many participants/submissions on the detail page. */
export const DETAIL_LIST_LIMIT = 500;

/** What anyone reads of hackathons: the list, one hackathon's page, and its calendar file. */
export function createBrowseService(ctx: AppContext, s: HackathonsShared) {
  return {
    /** GET /api/hackathons: published hackathons (optionally of one phase), viewer-relative flags. */
    async list(viewer: Viewer, q: HackathonListQuery) {
      const t = s.now();
      const page = await repo.listPublished(ctx.db, {
        phase: q.phase,
        now: t,
        viewerId: viewer?.id ?? null,
        limit: q.limit,
        cursor: decodeCursor(q.cursor),
      });
      return { items: page.items.map((r) => present(r, viewer, t)), nextCursor: encodeCursor(page.next) };
    },

    /** GET /api/hackathons/:id: organiser and admins see every participant and submission. */
    async get(viewer: Viewer, id: string): Promise<Hackathon> {
      const rec = await s.loadVisible(viewer, id);
      const t = s.now();
      const out = present(rec, viewer, t);
      if (isPrivileged(viewer, rec.h)) {
        const [participants, submissions] = await Promise.all([
          repo.listParticipants(ctx.db, id, DETAIL_LIST_LIMIT),
          repo.listSubmissions(ctx.db, id, DETAIL_LIST_LIMIT),
        ]);
        out.participants = participants.map(toParticipant);
        out.submissions = submissions.map(toSubmission);
      } else if (viewer) {
        const [own, mine] = await Promise.all([
          rec.isRegistered ? repo.findParticipant(ctx.db, id, viewer.id) : undefined,
          // A team member sees the team's submission, whoever of them sent it.
          submissionOf(ctx.db, id, viewer.id),
        ]);
        out.participants = own ? [toParticipant(own)] : [];
        out.submissions = mine ? [toSubmission(mine)] : [];
      } else {
        out.participants = [];
        out.submissions = [];
      }
      if (out.phase === 'past') {
        out.results = (await repo.listPlaced(ctx.db, id)).map(
          (r): HackathonResult => ({
            _id: r.id,
            status: r.status as HackathonResult['status'],
            teamName: r.teamName,
            projectTitle: r.projectTitle,
            projectDescription: r.projectDescription,
            projectUrl: r.projectUrl,
            githubUrl: r.githubUrl,
            demoUrl: r.demoUrl,
          }),
        );
      }
      out.idea = await s.linkedIdea(rec.h.ideaId);
      out.serverTime = t.toISOString();
      return out;
    },

    /** GET /api/hackathons/:id/calendar.ics */
    async calendar(viewer: Viewer, id: string): Promise<{ ics: string; filename: string }> {
      const { h } = await s.loadVisible(viewer, id);
      const where = h.location
        ? `${h.location} (${h.locationType})`
        : h.locationType === 'online'
          ? 'Online'
          : h.locationType;
      const ics = buildCalendar({
        uid: `hackathon-${h.id}@agora`,
        stamp: s.now(),
        start: h.startDate,
        end: h.endDate,
        summary: h.title,
        description: `${h.description.slice(0, 2000)}\n\nPrize pool: ${h.prizePool}\nOrganizer: ${h.organizerName}\nDetails: ${s.pageUrl(`/hackathon/${h.id}`)}`,
        location: where,
        categories: [h.category],
        organizer: { name: h.organizerName, email: h.organizerEmail },
      });
      const slug =
        h.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 60) || 'hackathon';
      return { ics, filename: `${slug}.ics` };
    },
  };
}
