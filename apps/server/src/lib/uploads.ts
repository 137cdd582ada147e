import { and, eq, lt, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Db, Executor } from '../db/client.js';
import { prepared, rowsOf, slot } from '../db/prepared.js';
import { files, questions } from '../db/schema/index.js';
import { newStorageKey } from '../platform/storage.js';
import { AppError, tooMany } from './errors.js';
import { hasImageStructure } from './image-check.js';

export const RASTER_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
];
export const DOCUMENT_TYPES = [
  'application/pdf',
  'application/zip',
  'application/msword',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];
const TEXT_EXTENSIONS: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
};

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
}

export interface StoredFile {
  key: string;
  url: string;
  originalName: string;
  mimetype: string;
  size: number;
}

/** A client file name reduced to a safe display name: no path, no control characters. */
export function safeOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base)
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && !'"<>|:*?'.includes(ch))
    .join('')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

/**
 * Detects the type from the bytes (never the client's claim), checks it against `allowed`, and
 * stores the file under a random key. Plain text is accepted only when `allowText` and the bytes are
 * valid UTF-8 without NUL.
 */
export async function storeUpload(
  ctx: AppContext,
  file: UploadedFile,
  opts: {
    ownerId: string | null;
    purpose: string;
    allowed: string[];
    allowText?: boolean;
    invalidMessage: string;
  },
): Promise<StoredFile> {
  const originalName = safeOriginalName(file.filename);
  const detected = await fileTypeFromBuffer(file.buffer);
  let mimetype: string;
  let ext: string | undefined;
  if (detected) {
    if (!opts.allowed.includes(detected.mime)) throw new AppError('INVALID_FILE', 400, opts.invalidMessage);
    // Whatever the upload is for, bytes that claim to be an image must be one (lib/image-check.ts).
    if (RASTER_IMAGE_TYPES.includes(detected.mime) && !hasImageStructure(file.buffer, detected.mime)) {
      throw new AppError('INVALID_FILE', 400, opts.invalidMessage);
    }
    mimetype = detected.mime;
    ext = detected.ext;
  } else {
    const nameExt = originalName.includes('.') ? originalName.split('.').pop()!.toLowerCase() : '';
    const textMime = TEXT_EXTENSIONS[nameExt];
    if (!opts.allowText || !textMime || !isUtf8Text(file.buffer)) {
      throw new AppError('INVALID_FILE', 400, opts.invalidMessage);
    }
    mimetype = textMime;
    ext = nameExt;
  }
  if (file.buffer.length === 0) throw new AppError('INVALID_FILE', 400, opts.invalidMessage);
  const held = HELD_PURPOSES.includes(opts.purpose);
  // Refused early (no bytes written), and checked again under a lock with the row's insert below.
  if (held) await checkHeldQuota(ctx, ctx.db, opts.ownerId, file.buffer.length);
  const key = newStorageKey(ext);
  await ctx.storage.put(key, file.buffer);
  try {
    const row = {
      key,
      ownerId: opts.ownerId,
      mimetype,
      size: file.buffer.length,
      originalName,
      purpose: opts.purpose,
    };
    if (held) {
      await ctx.db.transaction(async (tx) => {
        // One uploader's files are counted and added one at a time: parallel uploads cannot all
        // slip under the quota.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${opts.ownerId ?? ''}`}))`,
        );
        await checkHeldQuota(ctx, tx, opts.ownerId, file.buffer.length);
        await tx.insert(files).values(row);
      });
      watchSiteUploads(ctx);
    } else {
      await ctx.db.insert(files).values(row);
    }
  } catch (err) {
    // No row, no way to find the bytes again: do not leave them behind.
    await ctx.storage.delete(key).catch(() => {});
    throw err;
  }
  return { key, url: `/uploads/${key}`, originalName, mimetype, size: file.buffer.length };
}

/**
 * Removes a stored upload (its bytes and its files row) that nothing refers to any more: a file
 * replaced by a newer one, or one stored for a write that then failed. Never throws (false when
 * it could not): a failed clean-up must not turn a successful request into an error.
 */
export async function discardUpload(ctx: AppContext, key: string): Promise<boolean> {
  try {
    await ctx.db.delete(files).where(eq(files.key, key));
    await ctx.storage.delete(key);
    return true;
  } catch {
    return false;
  }
}

/** Uploads a later request must claim (an answer's attachment, a job's logo); unclaimed, they expire. */
export const CLAIMED_LATER = { answerAttachment: 'answer-attachment', jobLogo: 'job-logo' } as const;
/** Uploads stored with their row; left behind only by a replaced file or a lost race. */
const CLAIMED_AT_ONCE = {
  questionImage: 'question-image',
  hackathonImage: 'hackathon-image',
  submission: 'hackathon-submission',
  resume: 'application-resume',
  profileResume: 'profile-resume',
  ideaAttachment: 'idea-attachment',
} as const;
/**
 * What one account may hold in uploads nothing has settled yet (limits: config.unclaimedUploads):
 * answer attachments and job logos uploaded before the form that claims them is sent, and question
 * images until their question is paid for (an unpaid question is its author's draft; drafts expire
 * after QUESTION_LIMITS.unpaidDraftDays). Without it one account could fill the disk with files it
 * never means to use. The quota binds each account alone: what others hold never refuses anyone.
 */
const HELD_PURPOSES: string[] = [
  CLAIMED_LATER.answerAttachment,
  CLAIMED_LATER.jobLogo,
  CLAIMED_AT_ONCE.questionImage,
  // Checked like the others before it is stored, so many ideas cannot fill the disk past the quota.
  CLAIMED_AT_ONCE.ideaAttachment,
];
export const UNCLAIMED_QUOTA_MESSAGE =
  'You have too many files uploaded but not yet used in an answer or a job, or on questions not yet paid for. Send those forms, or pay for or delete those questions, then try again.';

/**
 * Held uploads, of one owner or of the whole site: files of the held purposes that nothing names (a
 * form not sent yet, a question image before its row is written or after its question was
 * deleted), plus the images of unpaid questions. Reads only the partial indexes of unreferenced files
 * and of drafts (migration 0026): files already in use are never read.
 */
const heldStatement = prepared((_db, shape: { owner: boolean }) => {
  // Literal conditions (the purposes are this module's constants, quoted here): the partial
  // indexes are chosen on them. Built once per handle and shape (db/prepared.ts): the admin
  // overview reads the site's figure at every request.
  const purposes = sql.raw(HELD_PURPOSES.map((p) => `'${p.replace(/'/g, "''")}'`).join(', '));
  return sql`select count(*)::int as n, coalesce(sum(held.size), 0)::bigint as bytes from (
       select f.size from ${files} f
        where f.ref_count = 0 and f.purpose in (${purposes})
          ${shape.owner ? sql`and f.owner_id = ${slot('owner')}` : sql``}
       union all
       select f.size from ${questions} q join ${files} f on f.key = q.image_key
        where q.is_paid = false and q.reward_amount > 0
          ${shape.owner ? sql`and q.author_id = ${slot('owner')}` : sql``}
     ) held`;
});

async function readHeld(db: Executor, ownerId: string | null): Promise<{ n: number; bytes: number }> {
  const rows = rowsOf<{ n: number; bytes: string | number }>(
    await heldStatement(db, { owner: ownerId !== null }, ownerId ? { owner: ownerId } : {}),
  );
  return { n: Number(rows[0]?.n ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
}

async function checkHeldQuota(ctx: AppContext, db: Executor, ownerId: string | null, size: number) {
  if (!ownerId) return;
  const quota = ctx.config.unclaimedUploads;
  const mine = await readHeld(db, ownerId);
  if (mine.n + 1 > quota.perUserFiles || mine.bytes + size > quota.perUserBytes) {
    tooMany(UNCLAIMED_QUOTA_MESSAGE, 3600);
  }
}

/** The uploads the whole site holds unsettled (files and bytes), as the per-account quota counts them. */
export function siteHeldUploads(db: Executor): Promise<{ n: number; bytes: number }> {
  return readHeld(db, null);
}

/** How often one instance reads the site-wide figure after an upload (a sum over held files). */
const SITE_CHECK_EVERY_MS = 60_000;
/** The early sweep runs at most once per this window, across the cluster. */
const EARLY_SWEEP_WINDOW_MS = 60 * 60_000;
const siteWatch = new WeakMap<AppContext, { checkedAt: number; running: boolean }>();

/**
 * The site-wide figure (config.unclaimedUploads.siteBytes) is a signal for the operators, not a
 * limit: past it, nobody is refused (a few accounts filling it would otherwise pause uploads for
 * everyone). Called after each held upload, it reads the figure at most once a minute per instance,
 * off the request; past the figure it logs a warning and sweeps unclaimed uploads early, once per
 * hour across the cluster (the counter store decides which request does). The admin overview shows
 * the same figure as an alert (siteUploadsAlert).
 */
export function watchSiteUploads(ctx: AppContext): void {
  let state = siteWatch.get(ctx);
  if (!state) {
    state = { checkedAt: Number.NEGATIVE_INFINITY, running: false };
    siteWatch.set(ctx, state);
  }
  const now = ctx.clock.now().getTime();
  if (state.running || now - state.checkedAt < SITE_CHECK_EVERY_MS) return;
  state.checkedAt = now;
  state.running = true;
  const s = state;
  void siteUploadsAlert(ctx)
    .catch((err) => ctx.log.error({ err }, 'uploads: site-wide check failed'))
    .finally(() => {
      s.running = false;
    });
}

/**
 * The site-wide figure now: null while under it. Past it, what the overview shows; and, once per
 * EARLY_SWEEP_WINDOW_MS across the cluster (whoever notices first), a warning in the log and an early
 * sweep of unclaimed uploads, in the background: nobody's request waits for it.
 */
export async function siteUploadsAlert(
  ctx: AppContext,
): Promise<{ heldBytes: number; heldFiles: number; siteBytes: number } | null> {
  const site = await siteHeldUploads(ctx.db);
  const siteBytes = ctx.config.unclaimedUploads.siteBytes;
  if (site.bytes <= siteBytes) return null;
  const figure = { heldBytes: site.bytes, heldFiles: site.n, siteBytes };
  const { count } = await ctx.counters.incr('uploads:early-sweep', EARLY_SWEEP_WINDOW_MS);
  if (count === 1) {
    ctx.log.warn(
      figure,
      'uploads: held uploads passed the site-wide figure (UNCLAIMED_UPLOADS_MAX_MB); sweeping unclaimed uploads early',
    );
    void sweepUnclaimedUploads(ctx).then(
      (swept) => ctx.log.info({ swept }, 'uploads: early sweep done'),
      (err) => ctx.log.error({ err }, 'uploads: early sweep failed'),
    );
  }
  return figure;
}

/**
 * Served only through their own authorised route, never from the public `/uploads/<key>`: project
 * submissions, job applicants' résumés, the résumé kept on a profile, and an idea's attachments
 * (which its author alone may read while the idea is hidden).
 */
export const PRIVATE_UPLOAD_PURPOSES: string[] = [
  CLAIMED_AT_ONCE.ideaAttachment,
  CLAIMED_AT_ONCE.submission,
  CLAIMED_AT_ONCE.resume,
  CLAIMED_AT_ONCE.profileResume,
];
/** `files.purpose` of the résumé a user keeps on their profile (modules/users). */
export const PROFILE_RESUME_PURPOSE = CLAIMED_AT_ONCE.profileResume;
/** `files.purpose` of an idea's image or document (modules/ideas). */
export const IDEA_ATTACHMENT_PURPOSE = CLAIMED_AT_ONCE.ideaAttachment;
/** An unclaimed upload is swept this long after it was stored: abandoned forms cannot fill the disk. */
export const UNCLAIMED_UPLOAD_TTL_MS = 6 * 3_600_000;

/**
 * Deletes files uploaded more than a day ago that nothing names: attachments and logos of forms
 * never sent, a project file replaced by a newer one, the loser of two racing first submissions, a
 * deleted question's image. `files.ref_count` is kept by triggers on every table that names a file
 * (migration 0011), so this reads only unreferenced rows through a partial index. Bounded per run,
 * oldest first; safe when two instances sweep at once. Returns how many went.
 */
export async function sweepUnclaimedUploads(ctx: AppContext, limit = 500): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - UNCLAIMED_UPLOAD_TTL_MS);
  const rows = await unclaimedUploadsQuery(ctx.db, cutoff, limit);
  let n = 0;
  for (const { key } of rows) if (await discardUnreferenced(ctx, key)) n++;
  return n;
}

/** Files named by no row and older than `cutoff`: read through the partial index `files_unreferenced_idx`. */
export function unclaimedUploadsQuery(db: Db, cutoff: Date, limit: number) {
  return db
    .select({ key: files.key })
    .from(files)
    .where(and(sql`${files.refCount} = 0`, lt(files.createdAt, cutoff))) // literal: the index is partial on it
    .orderBy(files.createdAt)
    .limit(limit);
}

/**
 * The row goes only if still unreferenced (a request may have claimed the file meanwhile; the row
 * lock orders us after it), and it comes back if the store refuses the delete, so a later sweep
 * retries: bytes are never left without a row to find them by. Also used for a deleted question's
 * image, so that deleting a draft frees its author's upload quota at once.
 */
export async function discardUnreferenced(ctx: AppContext, key: string): Promise<boolean> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const gone = await tx
        .delete(files)
        .where(and(eq(files.key, key), eq(files.refCount, 0)))
        .returning({ key: files.key });
      if (gone.length === 0) return false;
      await ctx.storage.delete(key);
      return true;
    });
  } catch {
    return false;
  }
}

function isUtf8Text(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a multipart request: text fields, and at most one file from `fileField` (size-limited by
 * the multipart plugin; an oversize file becomes 413).
 */
export async function readMultipart(
  req: FastifyRequest,
  opts: { fileField: string; maxBytes: number },
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!req.isMultipart()) throw new AppError('VALIDATION', 400, 'Expected a multipart/form-data request');
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: opts.maxBytes, files: 1, fields: 50, fieldSize: 100_000 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.fileField || file) {
          part.file.resume();
          continue;
        }
        const buffer = await part.toBuffer();
        file = { buffer, filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', 413, 'The file is too large');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('VALIDATION', 400, 'Too many parts in the upload');
    }
    if (err instanceof AppError) throw err;
    throw new AppError('VALIDATION', 400, 'Malformed multipart body');
  }
  return { fields, file };
}

/** The file of a multipart body schema's FilePart (read by readMultipart, so its bytes are a Buffer). */
export const uploadedFile = (
  part: { buffer: Uint8Array; filename: string } | undefined,
): UploadedFile | null => (part ? (part as UploadedFile) : null);
