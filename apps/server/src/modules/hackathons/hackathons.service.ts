import {
  firstHackathonFormError,
  type Hackathon,
  HACKATHON_SUBMISSION_FILE_EXTENSIONS,
  HackathonCreateInput,
  type HackathonFormInput,
  hackathonDuration,
  type HackathonListQuery,
  type HackathonResult,
  type HackathonSubmission,
  type HackathonTeamMember,
  hackathonPhase,
  LIMITS,
  MSG,
  ProjectSubmissionInput,
  registrationDeadline,
  registrationOpen,
} from '@agora/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext, SessionUser } from '../../context.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.js';
import { discardUpload, RASTER_IMAGE_TYPES, storeUpload, type UploadedFile } from '../../lib/uploads.js';
import { enqueueMail } from '../../platform/mail.js';
import { notify } from '../notifications/notifications.service.js';
import { buildCalendar } from './hackathons.ics.js';
import * as repo from './hackathons.repo.js';
import { isUuid } from '../../lib/ids.js';
import {
  canEdit,
  canRegister,
  canReview,
  canSeeHackathon,
  canSeeSubmission,
  isPrivileged,
} from './hackathons.policy.js';

/** Organisers and admins see at most this many participants/submissions on the detail page. */
export const DETAIL_LIST_LIMIT = 500;
/** Submissions shown per hackathon on My Hackathons. */
export const MY_SUBMISSIONS_PER_HACKATHON = 20;
const REMINDER_WINDOW_MS = 24 * 60 * 60 * 1000;

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
/** After spec 03 §5's nine checks: a start nobody could register for (registration closes 1 hour before). */
export const START_TOO_SOON =
  'The start date must be at least 1 hour from now: registration closes 1 hour before the start.';
/** Admin approval of a hackathon whose registration deadline has already passed. */
export const APPROVAL_TOO_LATE =
  'This hackathon can no longer be approved: its registration deadline (1 hour before the start) has passed, so nobody could join it. Reject it with a reason so the organiser can submit it again with new dates.';

/** "WordDocument", the stream every Word 97–2003 file has, as it is named in a CFB directory entry. */
const WORD_DOCUMENT_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * file-type reports every OLE compound file (.doc, but also .msi, .xls, .ppt…) as x-cfb; only a
 * Word document has a "WordDocument" stream, whose UTF-16LE name is in a directory sector.
 */
export function isWordCompoundFile(buffer: Buffer): boolean {
  return buffer.includes(WORD_DOCUMENT_STREAM);
}

type Viewer = SessionUser | null;

const encodeCursor = (c: repo.Cursor | null): string | null => (c ? encodeKeyset(c) : null);
const decodeCursor = decodeKeyset;

function toSubmission(s: repo.SubmissionRow): HackathonSubmission {
  return {
    _id: s.id,
    userId: s.userId,
    teamName: s.teamName,
    projectTitle: s.projectTitle,
    projectDescription: s.projectDescription,
    projectUrl: s.projectUrl,
    githubUrl: s.githubUrl,
    demoUrl: s.demoUrl,
    fileUrl: s.fileKey ? `/api/hackathons/${s.hackathonId}/submissions/${s.id}/file` : null,
    fileName: s.fileKey ? s.fileName : null,
    teamMembers: s.teamMembers ?? [],
    status: s.status as HackathonSubmission['status'],
    submittedAt: s.submittedAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

function toParticipant(p: repo.ParticipantRecord) {
  return {
    userId: p.userId,
    userDisplayName: p.userDisplayName,
    userEmail: p.userEmail,
    registeredAt: p.registeredAt.toISOString(),
  };
}

/** The wire shape; organiser-only fields are blanked for everyone but the organiser and admins. */
function present(rec: repo.HackathonRecord, viewer: Viewer, now: Date): Hackathon {
  const { h } = rec;
  const privileged = isPrivileged(viewer, h);
  return {
    _id: h.id,
    title: h.title,
    description: h.description,
    image: h.imageKey ? `/uploads/${h.imageKey}` : null,
    category: h.category,
    status: h.status as Hackathon['status'],
    featured: h.featured,
    organizer: {
      name: h.organizerName,
      // Signed-in users only: a visitor's page (and the response cache, which holds only visitors'
      // answers) never carries the organiser's address.
      email: viewer ? h.organizerEmail : null,
      phone: privileged ? h.organizerPhone : null,
    },
    author: { id: h.authorId, displayName: rec.authorName },
    eventDetails: {
      startDate: h.startDate.toISOString(),
      endDate: h.endDate.toISOString(),
      // Derived from the dates, so it cannot contradict them (an older stored label is ignored).
      duration: hackathonDuration(h.startDate, h.endDate),
      location: h.location,
      locationType: h.locationType as Hackathon['eventDetails']['locationType'],
    },
    prizes: { prizePool: h.prizePool, judgingCriteria: h.judgingCriteria },
    requirements: h.requirements,
    additionalInfo: h.additionalInfo,
    tags: h.tags,
    participantCount: h.participantCount,
    submissionCount: rec.submissionCount,
    phase: hackathonPhase(h, now),
    registrationDeadline: registrationDeadline(h.startDate).toISOString(),
    registrationOpen: h.status === 'published' && registrationOpen(h.startDate, now),
    isRegistered: Boolean(rec.isRegistered),
    isOrganizer: Boolean(viewer && viewer.id === h.authorId),
    rejectionReason: privileged ? h.rejectionReason : null,
    reviewedAt: privileged && h.reviewedAt ? h.reviewedAt.toISOString() : null,
    createdAt: h.createdAt.toISOString(),
  };
}

function parseJsonField(fields: Record<string, string>, name: string, kind: 'object' | 'array'): unknown {
  const raw = fields[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return badRequest(`The ${name} field is not valid JSON.`, [{ field: name, message: 'Malformed JSON' }]);
  }
  const ok =
    kind === 'array'
      ? Array.isArray(value)
      : value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!ok) {
    badRequest(`The ${name} field must be a JSON ${kind === 'array' ? 'list' : 'object'}.`, [
      { field: name, message: `Expected a JSON ${kind}` },
    ]);
  }
  return value;
}

function firstIssue(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): never {
  const details = error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
  return badRequest(details[0]?.message ?? 'Invalid request', details);
}

function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(i + 1).toLowerCase() : '';
}

/** The "starting soon" message, in-app (relative link) and by e-mail (absolute link under publicUrl). */
function reminderFor(h: { id: string; title: string; startDate: Date }, publicUrl: string) {
  const when = h.startDate.toUTCString();
  return {
    title: `${h.title} starts soon`,
    body: `The hackathon starts at ${when}.`,
    link: `/hackathon/${h.id}`,
    subject: `Starting soon: ${h.title}`,
    text: `Hello,\n\nThe hackathon "${h.title}" you joined starts at ${when}.\n\nDetails: ${publicUrl}/hackathon/${h.id}\n\nThe Agora team`,
  };
}

export function createHackathonsService(ctx: AppContext) {
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
  function checkForm(fields: Record<string, string>) {
    const organizer = parseJsonField(fields, 'organizer', 'object') as HackathonFormInput['organizer'];
    const eventDetails = parseJsonField(
      fields,
      'eventDetails',
      'object',
    ) as HackathonFormInput['eventDetails'];
    const prizes = parseJsonField(fields, 'prizes', 'object') as HackathonFormInput['prizes'];
    const tags = parseJsonField(fields, 'tags', 'array');
    const input: HackathonFormInput = {
      title: fields.title,
      description: fields.description,
      organizer,
      eventDetails,
      prizes,
      category: fields.category,
      tags,
      requirements: fields.requirements,
      additionalInfo: fields.additionalInfo,
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

  async function review(
    admin: SessionUser,
    id: string,
    decision: { status: 'published' | 'rejected'; reason: string | null },
  ): Promise<Hackathon> {
    if (!canReview(admin)) forbidden(MSG.forbidden);
    if (!isUuid(id)) notFound('Hackathon not found');
    const at = now();
    await ctx.db.transaction(async (tx) => {
      const row = await repo.reviewPending(tx, id, {
        status: decision.status,
        reviewedBy: admin.id,
        reviewedAt: at,
        rejectionReason: decision.reason,
      });
      if (!row) {
        const existing = await repo.findRow(tx, id);
        if (!existing) notFound('Hackathon not found');
        conflict('NOT_PENDING', `This hackathon has already been reviewed (${existing!.status}).`);
      }
      // Publishing one nobody can join any more helps nobody; the throw rolls the update back.
      if (decision.status === 'published' && !registrationOpen(row!.startDate, at)) {
        conflict('REGISTRATION_DEADLINE_PASSED', APPROVAL_TOO_LATE);
      }
      const author = await repo.findRecord(tx, id, null);
      const approved = decision.status === 'published';
      const title = approved ? 'Your hackathon was approved' : 'Your hackathon was not approved';
      const body = approved
        ? `"${row!.title}" is now published and open for registration.`
        : `"${row!.title}" was not approved. Reason: ${decision.reason}`;
      await enqueueMail(tx, {
        to: author!.authorEmail,
        subject: approved ? `Approved: ${row!.title}` : `Not approved: ${row!.title}`,
        text: approved
          ? `Hello ${author!.authorName},\n\nGood news: your hackathon "${row!.title}" has been reviewed and approved by the admin team. It is now published on Agora and participants can register until 1 hour before it starts.\n\nView it at ${pageUrl(`/hackathon/${id}`)}\n\nThe Agora team`
          : `Hello ${author!.authorName},\n\nThe admin team has reviewed your hackathon "${row!.title}" and could not approve it.\n\nReason: ${decision.reason}\n\nYou are welcome to submit it again with the changes.\n\nThe Agora team`,
      });
      await notify(tx, row!.authorId, { type: 'hackathon_review', title, body, link: `/hackathon/${id}` });
    });
    const rec = await repo.findRecord(ctx.db, id, admin.id);
    return present(rec!, admin, now());
  }

  return {
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
          repo.findSubmission(ctx.db, id, viewer.id),
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
          const r = reminderFor(h, ctx.config.publicUrl);
          if (await repo.remindLateParticipant(tx, id, user.id, r)) {
            await enqueueMail(tx, { to: user.email, subject: r.subject, text: r.text });
          }
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
      const count = await ctx.db.transaction((tx) => repo.removeParticipant(tx, id, user.id));
      if (count === null) conflict('NOT_REGISTERED', 'You are not registered for this hackathon.');
      return { message: MSG.hackathonUnregistered, isRegistered: false, participantCount: count! };
    },

    async myRegistrations(user: SessionUser, q: { limit: number; cursor?: string }) {
      const [page, total] = await Promise.all([
        repo.listRegistered(ctx.db, { userId: user.id, limit: q.limit, cursor: decodeCursor(q.cursor) }),
        repo.countRegistered(ctx.db, user.id),
      ]);
      const t = now();
      return {
        items: page.items.map((r) => present(r, user, t)),
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
    async create(
      user: SessionUser,
      fields: Record<string, string>,
      image: UploadedFile | null,
    ): Promise<Hackathon> {
      const v = checkForm(fields);
      const t = now();
      const stored = image ? await storeImage(user, image) : null;
      let row: repo.HackathonRow;
      try {
        row = await repo.insertHackathon(ctx.db, {
          authorId: user.id,
          ...formColumns(v),
          imageKey: stored?.key ?? null,
          status: 'pending',
          createdAt: t,
          updatedAt: t,
        });
      } catch (err) {
        if (stored) await discardUpload(ctx, stored.key);
        throw err;
      }
      return present(
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
    },

    /**
     * PUT /api/hackathons/:id: its organiser edits a pending or rejected hackathon (the same checks
     * as a new one); the edit goes back to the admins as pending, the old decision cleared. A new
     * image replaces the old one; without one the old one stays. Published ones: 409.
     */
    async update(
      user: SessionUser,
      id: string,
      fields: Record<string, string>,
      image: UploadedFile | null,
    ): Promise<Hackathon> {
      const { h } = await loadVisible(user, id);
      if (!canEdit(user, h)) forbidden('Only the organizer can edit this hackathon.');
      if (h.status === 'published') {
        conflict('ALREADY_PUBLISHED', 'A published hackathon cannot be edited. Contact the admin team.');
      }
      const v = checkForm(fields);
      const t = now();
      const stored = image ? await storeImage(user, image) : null;
      let row: repo.HackathonRow | undefined;
      try {
        row = await repo.updateUnpublished(ctx.db, id, user.id, {
          ...formColumns(v),
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
      return present(rec!, user, t);
    },

    /** POST /api/hackathons/:id/submit: registered users, while running; one submission per user. */
    async submitProject(
      user: SessionUser,
      id: string,
      fields: Record<string, string>,
      file: UploadedFile | null,
    ): Promise<{ submission: HackathonSubmission; updated: boolean }> {
      const rec = await loadVisible(user, id);
      if (!rec.isRegistered) forbidden('Only registered participants can submit a project.');
      if (hackathonPhase(rec.h, now()) !== 'open') {
        conflict('NOT_RUNNING', 'Projects can be submitted only while the hackathon is running.');
      }
      const teamMembers = parseJsonField(fields, 'teamMembers', 'array');
      const parsed = ProjectSubmissionInput.safeParse({ ...fields, teamMembers });
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
        if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
          badRequest(`Team member e-mail "${email.slice(0, 60)}" is not valid.`, [
            { field: 'teamMembers', message: 'Invalid e-mail' },
          ]);
        }
        members.push({ userId: '', userDisplayName: name || email, userEmail: email });
      }

      // The file last: everything else is valid by now, so a refused request never leaves one stored.
      let stored: { key: string; originalName: string } | null = null;
      if (file && file.buffer.length > 0) {
        const detected = await fileTypeFromBuffer(file.buffer);
        const ext = extensionOf(file.filename);
        const allowedExt = detected ? SUBMISSION_TYPES[detected.mime] : undefined;
        // Content decides (a renamed executable is refused); the name must agree with it.
        if (
          !allowedExt?.includes(ext) ||
          !(HACKATHON_SUBMISSION_FILE_EXTENSIONS as readonly string[]).includes(ext) ||
          (detected!.mime === 'application/x-cfb' && !isWordCompoundFile(file.buffer))
        ) {
          throw new AppError('INVALID_FILE', 400, SUBMISSION_FILE_INVALID);
        }
        stored = await storeUpload(ctx, file, {
          ownerId: user.id,
          purpose: 'hackathon-submission',
          allowed: [detected!.mime],
          invalidMessage: SUBMISSION_FILE_INVALID,
        });
      }

      const t = now();
      let result: { row: repo.SubmissionRow; previousFileKey: string | null; existed: boolean };
      try {
        result = await ctx.db.transaction(async (tx) => {
          // Serialises this user's submissions to this hackathon, so the file being replaced is known.
          await repo.lockParticipant(tx, id, user.id);
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
      if (!canSeeSubmission(user, h, sub)) notFound('Submission not found');
      if (!sub.fileKey) notFound('This submission has no file');
      const file = await ctx.db.query.files.findFirst({
        where: (f, { eq }) => eq(f.key, sub.fileKey!),
      });
      const data = file ? await ctx.storage.open(sub.fileKey!) : null;
      if (!file || !data) return notFound('File not found');
      return { data: data.body, size: data.size, mimetype: file.mimetype, name: file.originalName };
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

    /** Admin review: pending → published. E-mail and notification commit with the change. */
    approve(admin: SessionUser, id: string): Promise<Hackathon> {
      return review(admin, id, { status: 'published', reason: null });
    },

    /** Admin review: pending → rejected with a reason the organiser receives. */
    async reject(admin: SessionUser, id: string, reason: string): Promise<Hackathon> {
      const r = typeof reason === 'string' ? reason.trim() : '';
      if (!r)
        badRequest('Please provide a reason for the rejection.', [{ field: 'reason', message: 'Required' }]);
      if (r.length > LIMITS.shortTextMax) {
        badRequest(`The reason must be at most ${LIMITS.shortTextMax} characters.`, [
          { field: 'reason', message: 'Too long' },
        ]);
      }
      return review(admin, id, { status: 'rejected', reason: r });
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
          return repo.remindParticipants(tx, h.id, reminderFor(h, ctx.config.publicUrl));
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
