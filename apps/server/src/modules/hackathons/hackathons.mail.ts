/** The texts hackathon mail and notifications carry (no sending here: callers enqueue them). */

/** The "starting soon" message, in-app (relative link) and by e-mail (absolute link under publicUrl). */
export function reminderFor(h: { id: string; title: string; startDate: Date }, publicUrl: string) {
  const when = h.startDate.toUTCString();
  return {
    title: `${h.title} starts soon`,
    body: `The hackathon starts at ${when}.`,
    link: `/hackathon/${h.id}`,
    subject: `Starting soon: ${h.title}`,
    text: `Hello,\n\nThe hackathon "${h.title}" you joined starts at ${when}.\n\nDetails: ${publicUrl}/hackathon/${h.id}\n\nThe Agora team`,
  };
}

/**
 * The reminder for each participant as notifications-service items: its once-key makes it once per
 * participant and hackathon, however often they leave and join again; the e-mail goes with a new
 * notification only.
 */
export function reminderNotices(
  h: { id: string; title: string; startDate: Date },
  publicUrl: string,
  participants: Array<{ userId: string; email: string }>,
) {
  const m = reminderFor(h, publicUrl);
  return participants.map((p) => ({
    userId: p.userId,
    onceKey: `hackathon_starting:${h.id}`,
    type: 'hackathon_starting' as const,
    title: m.title,
    body: m.body,
    link: m.link,
    mail: { to: p.email, subject: m.subject, text: m.text },
  }));
}

/** The admin decision on a hackathon, to its organiser: the notification and the e-mail. */
export function reviewMessages(
  h: { id: string; title: string },
  organiser: { name: string },
  decision: { status: 'published' | 'rejected'; reason: string | null },
  pageUrl: string,
) {
  const approved = decision.status === 'published';
  return {
    title: approved ? 'Your hackathon was approved' : 'Your hackathon was not approved',
    body: approved
      ? `"${h.title}" is now published and open for registration.`
      : `"${h.title}" was not approved. Reason: ${decision.reason}`,
    link: `/hackathon/${h.id}`,
    subject: approved ? `Approved: ${h.title}` : `Not approved: ${h.title}`,
    text: approved
      ? `Hello ${organiser.name},\n\nGood news: your hackathon "${h.title}" has been reviewed and approved by the admin team. It is now published on Agora and participants can register until 1 hour before it starts.\n\nView it at ${pageUrl}\n\nThe Agora team`
      : `Hello ${organiser.name},\n\nThe admin team has reviewed your hackathon "${h.title}" and could not approve it.\n\nReason: ${decision.reason}\n\nYou are welcome to submit it again with the changes.\n\nThe Agora team`,
  };
}
