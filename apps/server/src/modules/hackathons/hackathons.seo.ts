import type { AppContext } from '../../context.js';
import { isUuid } from '../../lib/ids.js';
import { metaDescription, type PageHead } from '../../lib/page-head.js';
import { canSeeHackathon } from './hackathons.policy.js';
import { findRow, type HackathonRow } from './hackathons.repo.js';

const ATTENDANCE: Record<string, string> = {
  online: 'https://schema.org/OnlineEventAttendanceMode',
  offline: 'https://schema.org/OfflineEventAttendanceMode',
  hybrid: 'https://schema.org/MixedEventAttendanceMode',
};

/**
 * schema.org Event for a published hackathon: dates as ISO 8601 with their offset (UTC), where it
 * happens (a page for online, the organiser's place for offline, both for hybrid) and who runs it.
 * The organiser's e-mail and phone stay out: the page shows them to signed-in visitors only.
 */
export function hackathonEventJsonLd(h: HackathonRow, url: string, origin: string): Record<string, unknown> {
  const virtual = { '@type': 'VirtualLocation', url };
  const place = h.location?.trim()
    ? { '@type': 'Place', name: h.location.trim(), address: h.location.trim() }
    : null;
  const location =
    h.locationType === 'online'
      ? virtual
      : h.locationType === 'hybrid' && place
        ? [virtual, place]
        : (place ?? virtual);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: h.title,
    description: metaDescription(h.description, 5000),
    url,
    startDate: h.startDate.toISOString(),
    endDate: h.endDate.toISOString(),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: ATTENDANCE[h.locationType] ?? ATTENDANCE.online,
    location,
    organizer: { '@type': 'Organization', name: h.organizerName },
    ...(h.imageKey ? { image: [`${origin}/uploads/${h.imageKey}`] } : {}),
  };
}

/**
 * The head of /hackathon/{id} as a visitor sees it (one lookup by primary key), or null when a
 * visitor gets no such page (unknown id, pending or rejected): that page answers 404.
 */
export async function hackathonPageHead(ctx: AppContext, id: string): Promise<PageHead | null> {
  const row = isUuid(id) ? await findRow(ctx.db, id) : undefined;
  if (!row || !canSeeHackathon(null, row)) return null;
  const origin = ctx.config.publicUrl;
  const url = `${origin}/hackathon/${row.id}`;
  return {
    title: `${row.title} — Hackathons`,
    description: metaDescription(row.description),
    canonical: url,
    ogType: 'website',
    jsonLd: { id: 'hackathon-event-ld', data: hackathonEventJsonLd(row, url, origin) },
  };
}
