import { createHash, randomBytes } from 'node:crypto';
import { ORGANIZATION_CLAIM_HOURS, ORGANIZATION_TEXT, type Organization } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { AppError, badRequest, conflict, tooMany } from '../../lib/errors.js';
import { composeMail } from '../../lib/mail-template.js';
import { enqueueMail, type MailLinkMinter } from '../../platform/mail.js';
import { organizationVerifyMail } from './organizations.mail.js';
import { emailAtDomain } from './organizations.policy.js';
import * as repo from './organizations.repo.js';
import { organizationOr404, presentOrganization } from './organizations.shared.js';

const CLAIM_TTL_MS = ORGANIZATION_CLAIM_HOURS * 60 * 60_000;
/** Verification e-mails one person may ask for per hour (each goes to an outside address). */
const CLAIMS_PER_HOUR = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The kind of mail link a verification e-mail carries (src/mail-links.ts). */
export const ORGANIZATION_VERIFY_LINK = 'organization-verify';

/**
 * Mints a verification e-mail's link as it is sent: a fresh 256-bit token whose SHA-256 the claim
 * keeps. The token is never stored; null when the claim was used or has expired.
 */
export function organizationVerifyLink(publicUrl: string): MailLinkMinter {
  return async (db, id, now) => {
    const token = randomBytes(32).toString('base64url');
    const minted = await repo.mintClaim(db, id, hashToken(token), now);
    return minted ? `${publicUrl}/organizations/verify?token=${token}` : null;
  };
}

/** Becoming a verified member: a link e-mailed to an address at the domain, and following it. */
export function createClaimsService(ctx: AppContext) {
  const db = ctx.db;

  return {
    /** E-mails a single-use, 24-hour verification link to an address at the organisation's domain. */
    async claim(user: SessionUser, id: string, email: string): Promise<{ message: string }> {
      const org = await organizationOr404(db, id);
      if (!emailAtDomain(email, org.domain)) {
        badRequest(ORGANIZATION_TEXT.emailOutsideDomain, [
          { field: 'body.email', message: ORGANIZATION_TEXT.emailOutsideDomain },
        ]);
      }
      if (await repo.isMember(db, org.id, user.id))
        conflict('ALREADY_MEMBER', ORGANIZATION_TEXT.alreadyMember);
      const sent = await ctx.counters.incr(`org-claim:${user.id}`, 60 * 60_000);
      if (sent.count > CLAIMS_PER_HOUR)
        tooMany(ORGANIZATION_TEXT.tooManyClaims, Math.ceil(sent.ttlMs / 1000));
      const now = ctx.clock.now();
      await db.transaction(async (tx) => {
        // The real token is minted as the e-mail goes out; until then the claim holds the hash
        // of a random value nobody knows.
        const claim = await repo.insertClaim(tx, {
          organizationId: org.id,
          userId: user.id,
          email,
          tokenHash: hashToken(randomBytes(32).toString('base64url')),
          createdAt: now,
          expiresAt: new Date(now.getTime() + CLAIM_TTL_MS),
        });
        await enqueueMail(tx, {
          ...composeMail(
            organizationVerifyMail,
            { displayName: user.displayName, organizationName: org.name },
            email,
          ),
          link: { kind: ORGANIZATION_VERIFY_LINK, id: claim.id },
        });
      });
      return { message: ORGANIZATION_TEXT.claimSent };
    },

    /** The link's token makes the person who asked for it a verified member (once, within 24 h). */
    async verify(user: SessionUser, token: string): Promise<{ organization: Organization }> {
      const now = ctx.clock.now();
      const orgId = await db.transaction(async (tx) => {
        // Only the account that asked: a forwarded link does not make someone else a member
        // (nor spend the link of the person who asked).
        const claim = await repo.consumeClaim(tx, hashToken(token), user.id, now);
        if (!claim) return null;
        await repo.insertMember(tx, {
          organizationId: claim.organizationId,
          userId: user.id,
          email: claim.email,
          createdAt: now,
        });
        await repo.markVerified(tx, claim.organizationId, now);
        return claim.organizationId;
      });
      if (!orgId) throw new AppError('VERIFY_INVALID', 400, ORGANIZATION_TEXT.verifyInvalid);
      return { organization: await presentOrganization(db, await organizationOr404(db, orgId), user) };
    },
  };
}
