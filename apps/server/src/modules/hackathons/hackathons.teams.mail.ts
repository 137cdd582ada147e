import { action, mailTemplate, p } from '../../lib/mail-template.js';

/** The texts team notifications (and the invitation e-mail) carry; the teams service records them. */

interface About {
  hackathonId: string;
  hackathonTitle: string;
  teamName: string;
}

/** The hackathon page's Teams tab, where requests and invitations are answered. */
export const teamsPath = (hackathonId: string) => `/hackathon/${hackathonId}?tab=teams`;

/** The e-mail to an invited account: a captain asks them into their team. */
export const teamInviteMail = mailTemplate<About & { inviteeName: string; captainName: string; url: string }>(
  {
    kind: 'hackathon-team-invite',
    stream: 'notifications',
    render: (a) => ({
      subject: `${a.captainName} invited you to team ${a.teamName}`,
      greeting: a.inviteeName,
      blocks: [
        p(
          `${a.captainName} invited you to join their team "${a.teamName}" for the hackathon "${a.hackathonTitle}" on Agora.`,
        ),
        p('Accepting registers you for the hackathon if you are not registered yet.'),
        action('Accept or decline', a.url),
      ],
      reason: `You get this e-mail because ${a.captainName} invited your address to a team on Agora.`,
    }),
  },
);

type Text = { type: 'hackathon_team'; title: string; body: string; link: string };
const text = (a: About, title: string, body: string): Text => ({
  type: 'hackathon_team',
  title,
  body,
  link: teamsPath(a.hackathonId),
});

export const teamTexts = {
  /** To the captain: someone asks to join. */
  joinRequested: (a: About & { who: string; message: string | null }) =>
    text(
      a,
      `${a.who} asked to join ${a.teamName}`,
      a.message ? `"${a.message.slice(0, 200)}"` : `For "${a.hackathonTitle}".`,
    ),
  /** To the invitee (in the app; the e-mail goes with it). */
  invited: (a: About & { captainName: string }) =>
    text(a, `${a.captainName} invited you to team ${a.teamName}`, `For "${a.hackathonTitle}".`),
  /** To the requester or to the captain: the other side answered. */
  answered: (a: About & { who: string; accepted: boolean; kind: 'join' | 'invite' }) =>
    text(
      a,
      a.kind === 'join'
        ? a.accepted
          ? `You are in team ${a.teamName}`
          : `${a.teamName} declined your request`
        : a.accepted
          ? `${a.who} joined ${a.teamName}`
          : `${a.who} declined your invitation to ${a.teamName}`,
      `For "${a.hackathonTitle}".`,
    ),
  /** To a member the captain removed. */
  removed: (a: About) =>
    text(
      a,
      `You were removed from team ${a.teamName}`,
      `For "${a.hackathonTitle}". You may join or form another team.`,
    ),
  /** To the captain: a member left. */
  left: (a: About & { who: string }) => text(a, `${a.who} left ${a.teamName}`, `For "${a.hackathonTitle}".`),
  /** To the member who became captain when the captain left. */
  captain: (a: About) =>
    text(
      a,
      `You are now the captain of ${a.teamName}`,
      `The previous captain left. For "${a.hackathonTitle}".`,
    ),
};
