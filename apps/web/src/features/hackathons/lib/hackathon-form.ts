import { type Hackathon, type HackathonFormValues, LIMITS, splitHackathonTags } from '@agora/shared';

export type Values = HackathonFormValues;

export const EMPTY: Values = {
  title: '',
  description: '',
  category: '',
  tags: '',
  organizer: '',
  organizerEmail: '',
  organizerPhone: '',
  startDate: '',
  endDate: '',
  location: '',
  locationType: 'online',
  prizePool: '',
  judgingCriteria: '',
  requirements: '',
  additionalInfo: '',
};

/** The idea a new hackathon is proposed from ("Propose as a hackathon challenge" on an idea page). */
export interface IdeaPrefill {
  ideaId: string;
  title: string;
  description: string;
}

/**
 * The idea's words in the organiser form's address (?ideaId=&title=&description=), as the idea
 * page links to it; no idea → undefined. Cut to the form's limits, so the fields stay valid.
 */
export function ideaPrefill(params: URLSearchParams): IdeaPrefill | undefined {
  const ideaId = params.get('ideaId');
  if (!ideaId) return undefined;
  return {
    ideaId,
    title: (params.get('title') ?? '').slice(0, LIMITS.titleMax),
    description: (params.get('description') ?? '').slice(0, LIMITS.textMax),
  };
}

/** An ISO instant as a datetime-local value in the viewer's time zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A datetime-local value (the viewer's local time) as an ISO instant; '' stays ''. */
function toIso(local: string): string {
  if (!local) return '';
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

/** The form's first values: a saved hackathon being edited, an idea's words, or blank. */
export function initialValues(hackathon?: Hackathon, idea?: IdeaPrefill): Values {
  if (idea && !hackathon) return { ...EMPTY, title: idea.title, description: idea.description };
  if (!hackathon) return EMPTY;
  const h = hackathon;
  return {
    title: h.title,
    description: h.description,
    category: h.category,
    tags: h.tags.join(', '),
    organizer: h.organizer.name,
    organizerEmail: h.organizer.email ?? '',
    organizerPhone: h.organizer.phone ?? '',
    startDate: toLocalInput(h.eventDetails.startDate),
    endDate: toLocalInput(h.eventDetails.endDate),
    location: h.eventDetails.location ?? '',
    locationType: h.eventDetails.locationType,
    prizePool: h.prizes.prizePool,
    judgingCriteria: h.prizes.judgingCriteria ?? '',
    requirements: h.requirements ?? '',
    additionalInfo: h.additionalInfo ?? '',
  };
}

/**
 * The multipart body of POST /api/hackathons/submit and PUT /api/hackathons/:id: text parts, the
 * JSON parts, the banner, and the idea it is proposed from (a new hackathon only).
 */
export function hackathonFormData(
  values: Values,
  extra: { duration: string | null; image: File | null; ideaId?: string },
): FormData {
  const body = new FormData();
  body.append('title', values.title.trim());
  body.append('description', values.description.trim());
  body.append(
    'organizer',
    JSON.stringify({
      name: values.organizer.trim(),
      email: values.organizerEmail.trim(),
      phone: values.organizerPhone.trim(),
    }),
  );
  body.append(
    'eventDetails',
    JSON.stringify({
      startDate: toIso(values.startDate),
      endDate: toIso(values.endDate),
      // Derived from the dates (the server derives it again).
      duration: extra.duration,
      location: values.location.trim(),
      locationType: values.locationType || 'online',
    }),
  );
  body.append(
    'prizes',
    JSON.stringify({ prizePool: values.prizePool.trim(), judgingCriteria: values.judgingCriteria.trim() }),
  );
  body.append('category', values.category);
  body.append('tags', JSON.stringify(splitHackathonTags(values.tags)));
  body.append('requirements', values.requirements.trim());
  body.append('additionalInfo', values.additionalInfo.trim());
  body.append('status', 'pending');
  if (extra.ideaId) body.append('ideaId', extra.ideaId);
  if (extra.image) body.append('image', extra.image);
  return body;
}
