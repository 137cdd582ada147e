import {
  ADMIN_MESSAGES,
  firstHackathonFormError,
  type Hackathon,
  HackathonCreateInput,
  type HackathonFormInput,
  type HackathonFormParts,
  hackathonDuration,
  type HackathonListQuery,
  type HackathonResult,
  type HackathonSubmission,
  LIMITS,
  MSG,
  registrationOpen,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { firstIssue } from '../../lib/form-fields.js';
import { isUuid } from '../../lib/ids.js';
import {
  discardUpload,
  RASTER_IMAGE_TYPES,
  storeUpload,
  type UploadedFile,
  uploadedFile,
} from '../../lib/uploads.js';
import { notify, notifyOnceMany } from '../notifications/notifications.service.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { buildCalendar } from './hackathons.ics.js';
import { type FindLinkableIdea, ideaLookupNotWired } from './hackathons.ideas.service.js';
import { hackathonReviewMail, reminderNotices, reviewMessages } from './hackathons.mail.js';
import { canEdit, canRegister, canReview, canSeeHackathon, isPrivileged } from './hackathons.policy.js';
import { present, toParticipant, toSubmission, type Viewer } from './hackathons.presenter.js';
import { refundPrize } from './hackathons.prizes.service.js';
import * as repo from './hackathons.repo.js';
import { createHackathonSubmissions } from './hackathons.submissions.js';
import * as teamsRepo from './hackathons.teams.repo.js';
import { leaveTeam } from './hackathons.teams.leave.service.js';
import { submissionOf } from './hackathons.teams.submission.js';

/** Organisers and admins see at most this many participants/submissions on the detail page. */
export const DETAIL_LIST_LIMIT = 500;
/** Submissions shown per hackathon on My Hackathons. */
export const MY_SUBMISSIONS_PER_HACKATHON = 20;
const REMINDER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** After spec 03 §5's nine checks: a start nobody could register for (registration closes 1 hour before). */
export const START_TOO_SOON =
  'The start date must be at least 1 hour from now: registration closes 1 hour before the start.';
/** Admin approval of a hackathon whose registration deadline has already passed. */
export const APPROVAL_TOO_LATE =
  'This hackathon can no longer be approved: its registration deadline (1 hour before the start) has passed, so nobody could join it. Reject it with a reason so the organiser can submit it again with new dates.';

const encodeCursor = (c: repo.Cursor | null): string | null => (c ? encodeKeyset(c) : null);
const decodeCursor = decodeKeyset;

/**
 * `findIdea` is the ideas area's lookup (wired by the routes' registration); services built for
 * work that never links an idea (admin review, reminders) go without it.
 */
export function createHackathonsService(ctx: AppContext, findIdea: FindLinkableIdea = ideaLookupNotWired) {
  const now = () => ctx.clock.now();
  /** An absolute link to a web page, for e-mails and calendar files (CONTRACT has no PUBLIC_URL; README). */
  const pageUrl = (path: string) => `${ctx.config.publicUrl}${path}`;

  async function loadVisible(viewer: Viewer, id: string): Promise<repo.HackathonRecord> {
    if (!isUuid(id)) notFound('Hackathon not found');
    const rec = await repo.findRecord(ctx.db, id, viewer?.id ?? null);
    // CONTRACT §3: pending and rejected hackathons are absent for everyone but organiser and admins.
    if (!rec || !canSeeHackathon(viewer, rec.h)) return notFound('Hackathon not found');
    return rec;
  }

  const submissions = createHackathonSubmissions(ctx, loadVisible);

  /** The idea a form proposes the hackathon from: one everyone can see, else 404 (CONTRACT §3). */
  async function ideaToLink(ideaId: string | undefined) {
    if (ideaId === undefined) return undefined;
    return (await findIdea(ctx.db, ideaId)) ?? notFound(MSG.ideaNotFound);
  }

  /** The idea a hackathon was proposed from, as its page links back to it: null once hidden or merged. */
  async function linkedIdea(ideaId: string | null): Promise<Hackathon['idea']> {
    const idea = ideaId ? await findIdea(ctx.db, ideaId) : null;
    return idea ? { _id: idea.id, title: idea.title } : null;
  }

  async function presentWithSubmissions(items: repo.HackathonRecord[], viewer: SessionUser) {
    const ids = items.map((r) => r.h.id);
    const subs = await repo.listSubmissionsFor(ctx.db, ids, MY_SUBMISSIONS_PER_HACKATHON);
    const byHackathon = new Map<string, HackathonSubmission[]>();
    for (const s of subs) {
      const list = byHackathon.get(s.hackathonId) ?? [];
      list.push(toSubmission(s));
      byHackathon.set(s.hackathonId, list);
    }
    const t = now();
    return items.map((r) => ({ ...present(r, viewer, t), submissions: byHackathon.get(r.h.id) ?? [] }));
  }

  /**
   * The organiser form (multipart fields): spec 03 §5 checks 2–9 in order, then limits and lists,
   * then dates registration can work with (the end in the future, the start at least 1 hour away).
   */
  function checkForm(fields: HackathonFormParts) {
    // The JSON parts were parsed (and their kind checked) by HackathonFormParts before the service.
    const input: HackathonFormInput = {
      title: fields.title,
      description: fields.description,
      organizer: fields.organizer as HackathonFormInput['organizer'],
      eventDetails: fields.eventDetails as HackathonFormInput['eventDetails'],
      prizes: fields.prizes as HackathonFormInput['prizes'],
      category: fields.category,
      tags: fields.tags,
      requirements: fields.requirements,
      additionalInfo: fields.additionalInfo,
      // A blank text part is "not given" (the default on a new hackathon, unchanged on an edit).
      maxTeamSize: fields.maxTeamSize?.trim() ? fields.maxTeamSize : undefined,
      criteria: fields.criteria,
    };
    const specError = firstHackathonFormError(input);
    if (specError) badRequest(specError);
    const parsed = HackathonCreateInput.safeParse(input);
    if (!parsed.success) firstIssue(parsed.error);
    const v = parsed.data!;
    const t = now();
    if (v.eventDetails.endDate.getTime() <= t.getTime()) {
      badRequest('The end date must be in the future.', [
        { field: 'eventDetails.endDate', message: 'Must be in the future' },
      ]);
    }
    if (!registrationOpen(v.eventDetails.startDate, t)) {
      badRequest(START_TOO_SOON, [{ field: 'eventDetails.startDate', message: 'At least 1 hour from now' }]);
    }
    return v;
  }

  function formColumns(v: HackathonCreateInput) {
    return {
      title: v.title,
      description: v.description,
      category: v.category,
      organizerName: v.organizer.name,
      organizerEmail: v.organizer.email,
      organizerPhone: v.organizer.phone,
      startDate: v.eventDetails.startDate,
      endDate: v.eventDetails.endDate,
      duration: hackathonDuration(v.eventDetails.startDate, v.eventDetails.endDate),
      location: v.eventDetails.location,
      locationType: v.eventDetails.locationType,
      prizePool: v.prizes.prizePool,
      judgingCriteria: v.prizes.judgingCriteria,
      requirements: v.requirements,
      additionalInfo: v.additionalInfo,
      tags: v.tags,
      ...(v.maxTeamSize !== undefined ? { maxTeamSize: v.maxTeamSize } : {}),
      ...(v.criteria !== undefined ? { criteria: v.criteria } : {}),
    };
  }

  /** Stored only once everything else is valid (and removed again by the caller if the write fails). */
  function storeImage(user: SessionUser, image: UploadedFile) {
    return storeUpload(ctx, image, {
      ownerId: user.id,
      purpose: 'hackathon-image',
      allowed: RASTER_IMAGE_TYPES,
      invalidMessage: MSG.hackathonImageInvalid,
    });
  }

  /**
   * With `seen` (the `updatedAt` the admin read) the decision applies to that version only: one
   * edited since is refused with 409 CHANGED_SINCE_REVIEW, decided by the same statement.
   */
  async function review(
    admin: SessionUser,
    id: string,
    decision: { status: 'published' | 'rejected'; reason: string | null },
    exec: Executor = ctx.db,
    seen?: Date,
  ): Promise<Hackathon> {
    if (!canReview(admin)) forbidden(MSG.forbidden);
    if (!isUuid(id)) notFound('Hackathon not found');
    const at = now();
    await exec.transaction(async (tx) => {
      const row = await repo.reviewPending(
        tx,
        id,
        {
          status: decision.status,
          reviewedBy: admin.id,
          reviewedAt: at,
          rejectionReason: decision.reason,
        },
        seen,
      );
      if (!row) {
        const existing = await repo.findRow(tx, id);
        if (!existing) notFound('Hackathon not found');
        if (existing!.status === 'pending') {
          conflict('CHANGED_SINCE_REVIEW', ADMIN_MESSAGES.changedSinceReview);
        }
        conflict('NOT_PENDING', `This hackathon has already been reviewed (${existing!.status}).`);
      }
      // A rejected hackathon keeps no prize money: a held pool goes back to its organiser.
      if (decision.status === 'rejected') await refundPrize(tx, id, at, 'rejected');
      // Publishing one nobody can join any more helps nobody; the throw rolls the update back.
      if (decision.status === 'published' && !registrationOpen(row!.startDate, at)) {
        conflict('REGISTRATION_DEADLINE_PASSED', APPROVAL_TOO_LATE);
      }
      const author = await repo.findRecord(tx, id, null);
      const m = reviewMessages(
        { id, title: row!.title },
        { name: author!.authorName },
        decision,
        pageUrl(`/hackathon/${id}`),
      );
      await notify(tx, row!.authorId, {
        type: 'hackathon_review',
        title: m.title,
        body: m.body,
        link: m.link,
        mail: notificationMail(
          ctx.config,
          { id: row!.authorId, email: author!.authorEmail },
          hackathonReviewMail,
          m.mail,
        ),
      });
    });
    const rec = await repo.findRecord(exec, id, admin.id);
    return present(rec!, admin, now());
  }

  return {
    ...submissions,

    /** GET /api/hackathons: published hackathons (optionally of one phase), viewer-relative flags. */
    async list(viewer: Viewer, q: HackathonListQuery) {
      const t = now();
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
      const rec = await loadVisible(viewer, id);
      const t = now();
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
      out.idea = await linkedIdea(rec.h.ideaId);
      out.serverTime = t.toISOString();
      return out;
    },

    /** spec 03 §4: only published, never the organiser, never twice, until 1 hour before the start. */
    async register(user: SessionUser, id: string) {
      const { h } = await loadVisible(user, id);
      if (!canRegister(user, h)) forbidden('Organizers cannot register for their own hackathon.');
      if (h.status !== 'published') conflict('NOT_PUBLISHED', 'This hackathon is not open for registration.');
      if (!registrationOpen(h.startDate, now())) conflict('REGISTRATION_CLOSED', MSG.registrationClosed);
      const count = await ctx.db.transaction(async (tx) => {
        const n = await repo.addParticipant(tx, id, user.id, now());
        // Joined after the "starting soon" reminder went out: this participant gets it now.
        // Once per participant: leaving and joining again does not send it again.
        if (n !== null && h.reminderSentAt) {
          await notifyOnceMany(tx, reminderNotices(h, ctx.config, [{ userId: user.id, email: user.email }]));
        }
        return n;
      });
      if (count === null) conflict('ALREADY_REGISTERED', 'You are already registered for this hackathon.');
      return { message: MSG.hackathonJoined, isRegistered: true, participantCount: count! };
    },

    async unregister(user: SessionUser, id: string) {
      const { h, isRegistered } = await loadVisible(user, id);
      if (!isRegistered) conflict('NOT_REGISTERED', 'You are not registered for this hackathon.');
      if (!registrationOpen(h.startDate, now())) conflict('REGISTRATION_CLOSED', MSG.unregisterClosed);
      const count = await ctx.db.transaction(async (tx) => {
        // Unregistering leaves the person's team too (a captain hands over, an empty team goes).
        await teamsRepo.lockPerson(tx, id, user.id);
        const teamId = await teamsRepo.teamOf(tx, id, user.id);
        if (teamId) await leaveTeam(tx, h, teamId, user.id, user.id, now());
        return repo.removeParticipant(tx, id, user.id);
      });
      if (count === null) conflict('NOT_REGISTERED', 'You are not registered for this hackathon.');
      return { message: MSG.hackathonUnregistered, isRegistered: false, participantCount: count! };
    },

    async myRegistrations(user: SessionUser, q: { limit: number; cursor?: string }) {
      const [page, total] = await Promise.all([
        repo.listRegistered(ctx.db, { userId: user.id, limit: q.limit, cursor: decodeCursor(q.cursor) }),
        repo.countRegistered(ctx.db, user.id),
      ]);
      const t = now();
      // Each card carries the caller's submission: their team's (whoever of them sent it) or their own.
      const subs = await teamsRepo.submissionsOfPerson(
        ctx.db,
        page.items.map((r) => r.h.id),
        user.id,
      );
      const byHackathon = new Map(subs.map((s) => [s.hackathonId, toSubmission(s)]));
      return {
        items: page.items.map((r) => {
          const mine = byHackathon.get(r.h.id);
          return { ...present(r, user, t), submissions: mine ? [mine] : [] };
        }),
        nextCursor: encodeCursor(page.next),
        total,
      };
    },

    /** The hackathons the user organised, with their newest submissions (one query for all). */
    async mySubmissions(user: SessionUser, q: { limit: number; cursor?: string }) {
      const [page, total] = await Promise.all([
        repo.listAuthored(ctx.db, { userId: user.id, limit: q.limit, cursor: decodeCursor(q.cursor) }),
        repo.countAuthored(ctx.db, user.id),
      ]);
      return {
        items: await presentWithSubmissions(page.items, user),
        nextCursor: encodeCursor(page.next),
        total,
      };
    },

    /**
     * POST /api/hackathons/submit. The caller has checked the token (check 1); here checks 2–9 of
     * spec 03 §5 in order, then limits and lists, then dates registration can work with (the end in
     * the future, the start at least 1 hour away). The status is always pending. The image is
     * stored only once everything else is valid, and removed again if the insert fails.
     */
    async create(user: SessionUser, form: HackathonFormParts): Promise<Hackathon> {
      const v = checkForm(form);
      const idea = await ideaToLink(form.ideaId);
      const t = now();
      const image = uploadedFile(form.image);
      const stored = image ? await storeImage(user, image) : null;
      let row: repo.HackathonRow;
      try {
        row = await repo.insertHackathon(ctx.db, {
          authorId: user.id,
          ...formColumns(v),
          ideaId: idea?.id ?? null,
          imageKey: stored?.key ?? null,
          status: 'pending',
          createdAt: t,
          updatedAt: t,
        });
      } catch (err) {
        if (stored) await discardUpload(ctx, stored.key);
        throw err;
      }
      const out = present(
        {
          h: row,
          authorName: user.displayName,
          authorEmail: user.email,
          isRegistered: false,
          submissionCount: 0,
        },
        user,
        t,
      );
      out.idea = idea ? { _id: idea.id, title: idea.title } : null;
      return out;
    },

    /**
     * PUT /api/hackathons/:id: its organiser edits a pending or rejected hackathon (the same checks
     * as a new one); the edit goes back to the admins as pending, the old decision cleared. A new
     * image replaces the old one; without one the old one stays. Published ones: 409.
     */
    async update(user: SessionUser, id: string, form: HackathonFormParts): Promise<Hackathon> {
      const { h } = await loadVisible(user, id);
      if (!canEdit(user, h)) forbidden('Only the organizer can edit this hackathon.');
      if (h.status === 'published') {
        conflict('ALREADY_PUBLISHED', 'A published hackathon cannot be edited. Contact the admin team.');
      }
      const v = checkForm(form);
      // Absent: the link stays as it was (the edit form does not send it).
      const idea = await ideaToLink(form.ideaId);
      const t = now();
      const image = uploadedFile(form.image);
      const stored = image ? await storeImage(user, image) : null;
      let row: repo.HackathonRow | undefined;
      try {
        row = await repo.updateUnpublished(ctx.db, id, user.id, {
          ...formColumns(v),
          ...(idea ? { ideaId: idea.id } : {}),
          ...(stored ? { imageKey: stored.key } : {}),
          status: 'pending',
          rejectionReason: null,
          reviewedBy: null,
          reviewedAt: null,
          updatedAt: t,
        });
      } catch (err) {
        if (stored) await discardUpload(ctx, stored.key);
        throw err;
      }
      if (!row) {
        if (stored) await discardUpload(ctx, stored.key);
        return conflict(
          'ALREADY_PUBLISHED',
          'A published hackathon cannot be edited. Contact the admin team.',
        );
      }
      if (stored && h.imageKey && h.imageKey !== stored.key) await discardUpload(ctx, h.imageKey);
      const rec = await repo.findRecord(ctx.db, id, user.id);
      return { ...present(rec!, user, t), idea: await linkedIdea(rec!.h.ideaId) };
    },

    /** GET /api/hackathons/:id/calendar.ics */
    async calendar(viewer: Viewer, id: string): Promise<{ ics: string; filename: string }> {
      const { h } = await loadVisible(viewer, id);
      const where = h.location
        ? `${h.location} (${h.locationType})`
        : h.locationType === 'online'
          ? 'Online'
          : h.locationType;
      const ics = buildCalendar({
        uid: `hackathon-${h.id}@agora`,
        stamp: now(),
        start: h.startDate,
        end: h.endDate,
        summary: h.title,
        description: `${h.description.slice(0, 2000)}\n\nPrize pool: ${h.prizePool}\nOrganizer: ${h.organizerName}\nDetails: ${pageUrl(`/hackathon/${h.id}`)}`,
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

    /**
     * Admin review: pending → published. E-mail and notification commit with the change. With
     * `seen`: only the version the admin read.
     */
    approve(admin: SessionUser, id: string, exec?: Executor, seen?: Date): Promise<Hackathon> {
      return review(admin, id, { status: 'published', reason: null }, exec, seen);
    },

    /** Admin review: pending → rejected with a reason the organiser receives. */
    async reject(
      admin: SessionUser,
      id: string,
      reason: string,
      exec?: Executor,
      seen?: Date,
    ): Promise<Hackathon> {
      const r = typeof reason === 'string' ? reason.trim() : '';
      if (!r)
        badRequest('Please provide a reason for the rejection.', [{ field: 'reason', message: 'Required' }]);
      if (r.length > LIMITS.shortTextMax) {
        badRequest(`The reason must be at most ${LIMITS.shortTextMax} characters.`, [
          { field: 'reason', message: 'Too long' },
        ]);
      }
      return review(admin, id, { status: 'rejected', reason: r }, exec, seen);
    },

    /**
     * Tells the participants of every published hackathon starting within 24 hours, once
     * (reminder_sent_at is claimed with a conditional update, so concurrent runs do not repeat it).
     */
    async sendStartingSoonReminders(): Promise<{ hackathons: number; notified: number }> {
      const t = now();
      const due = await repo.dueReminders(ctx.db, t, new Date(t.getTime() + REMINDER_WINDOW_MS), 100);
      let hackathons = 0;
      let notified = 0;
      for (const h of due) {
        const n = await ctx.db.transaction(async (tx) => {
          if (!(await repo.claimReminder(tx, h.id, t))) return null;
          const participants = await repo.participantEmails(tx, h.id);
          return (await notifyOnceMany(tx, reminderNotices(h, ctx.config, participants))).length;
        });
        if (n !== null) {
          hackathons++;
          notified += n;
        }
      }
      return { hackathons, notified };
    },
  };
}

export type HackathonsService = ReturnType<typeof createHackathonsService>;
