import {
  firstHackathonFormError,
  HackathonCreateInput,
  type HackathonFormInput,
  type HackathonFormParts,
  hackathonDuration,
  registrationOpen,
} from '@agora/shared';
import { badRequest } from '../../lib/errors.js';
import { firstIssue } from '../../lib/form-fields.js';

/** After spec 03 §5's nine checks: a start nobody could register for (registration closes 1 hour before). */
export const START_TOO_SOON =
  'The start date must be at least 1 hour from now: registration closes 1 hour before the start.';

/**
 * The organiser form (multipart fields): spec 03 §5 checks 2–9 in order, then limits and lists,
 * then dates registration can work with (the end in the future, the start at least 1 hour away).
 */
export function checkForm(fields: HackathonFormParts, now: () => Date) {
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

/** The hackathon's columns as the checked form sets them. */
export function formColumns(v: HackathonCreateInput) {
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
