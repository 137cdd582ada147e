import {
  type Hackathon,
  HACKATHON_TEAMS,
  type HackathonJudge,
  JUDGING_MESSAGES,
  type JudgingSettingsBody,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { composeMail } from '../../lib/mail-template.js';
import { enqueueMails } from '../../platform/mail.js';
import { notify } from '../notifications/notifications.service.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { accountInvitedByEmail } from '../users/users.accounts.service.js';
import { hackathonJudgeInviteMail, judgingMessages } from './hackathons.judging.mail.js';
import * as judging from './hackathons.judging.repo.js';
import type { HackathonRow, JudgingShared } from './hackathons.judging.shared.js';
import { isPrivileged } from './hackathons.policy.js';
import { present } from './hackathons.presenter.js';
import * as repo from './hackathons.repo.js';

/** The organiser's side of judging: the criteria and team size, and who judges. */
export function createJudgesService(ctx: AppContext, s: JudgingShared) {
  /** The invitation: a notification (and its e-mail) to an account, or an e-mail to a bare address. */
  async function tellJudge(
    tx: Executor,
    h: HackathonRow,
    organiser: string,
    email: string,
    account: { id: string } | undefined,
  ) {
    const m = judgingMessages.invite(h, organiser, ctx.config.publicUrl);
    if (account) {
      await notify(tx, account.id, {
        type: 'hackathon_judging',
        title: m.title,
        body: m.body,
        link: m.link,
        mail: notificationMail(ctx.config, { id: account.id, email }, hackathonJudgeInviteMail, m.mail),
      });
    } else {
      await enqueueMails(tx, [composeMail(hackathonJudgeInviteMail, m.mail, email)]);
    }
  }

  return {
    /** PATCH /api/hackathons/:id/judging-settings: the organiser, until the end. */
    async updateSettings(user: SessionUser, id: string, body: JudgingSettingsBody): Promise<Hackathon> {
      const h = await s.loadOrganised(user, id, 'change the judging settings');
      if (s.ended(h))
        conflict('HACKATHON_ENDED', 'The hackathon has ended: its settings can no longer change.');
      const row = await judging.updateJudgingSettings(ctx.db, id, body, s.now());
      if (!row) {
        conflict('TEAM_TOO_LARGE', `A team already has more than ${body.maxTeamSize} members.`);
      }
      const rec = await repo.findRecord(ctx.db, id, user.id);
      return present(rec!, user, s.now());
    },

    /** POST /api/hackathons/:id/judges: the organiser invites an e-mail address to judge. */
    async inviteJudge(user: SessionUser, id: string, email: string): Promise<HackathonJudge> {
      const h = await s.loadOrganised(user, id, 'invite judges');
      if (h.resultsPublishedAt) conflict('RESULTS_PUBLISHED', JUDGING_MESSAGES.published);
      const address = email.trim().toLowerCase();
      const judge = await ctx.db.transaction(async (tx) => {
        if ((await judging.listJudges(tx, id)).length >= HACKATHON_TEAMS.judgesMax) {
          conflict('TOO_MANY_JUDGES', `A hackathon has at most ${HACKATHON_TEAMS.judgesMax} judges.`);
        }
        const account = await accountInvitedByEmail(tx, address);
        const row = await judging.insertJudge(tx, {
          hackathonId: id,
          email: address,
          userId: account?.id ?? null,
        });
        if (!row) return conflict('ALREADY_JUDGE', 'This address is already a judge of this hackathon.');
        await tellJudge(tx, h, user.displayName, address, account);
        return row;
      });
      const [out] = await s.presentJudges(await s.board(id), [judge]);
      return out!;
    },

    /** GET /api/hackathons/:id/judges: the organiser (and admins) see every judge's progress. */
    async listJudges(user: SessionUser, id: string): Promise<HackathonJudge[]> {
      const { h } = await s.loadVisible(user, id);
      if (!isPrivileged(user, h)) forbidden('Only the organizer can see the judges.');
      const [b, rows] = await Promise.all([s.board(id), judging.listJudges(ctx.db, id)]);
      return s.presentJudges(b, rows);
    },

    /** DELETE /api/hackathons/:id/judges/:judgeId: the organiser, before publication (their sheets go too). */
    async removeJudge(user: SessionUser, id: string, judgeId: string): Promise<void> {
      const h = await s.loadOrganised(user, id, 'remove judges');
      if (h.resultsPublishedAt) conflict('RESULTS_PUBLISHED', JUDGING_MESSAGES.published);
      if (!isUuid(judgeId) || !(await judging.deleteJudge(ctx.db, id, judgeId))) notFound('Judge not found');
    },
  };
}
