// spec 03 §9: dates are shown in US English; times in the viewer's own time zone.

// toLocaleString with options builds a new formatter per call (a few on every card of the list,
// ~1 ms each on a phone): one of each, made on first use.
let dateFormat: Intl.DateTimeFormat | null = null;
let dateTimeFormat: Intl.DateTimeFormat | null = null;

export function formatDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return dateTimeFormat.format(new Date(iso));
}

export function formatRange(startIso: string, endIso: string): string {
  return `${formatDate(startIso)} - ${formatDate(endIso)}`;
}

export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
  } catch {
    return 'local time';
  }
}

const LOCATION_LABELS: Record<string, string> = { online: 'Online', offline: 'Offline', hybrid: 'Hybrid' };

export function locationTypeLabel(type: string | null | undefined): string {
  return LOCATION_LABELS[type ?? 'online'] ?? 'Online';
}

/** d h m s until the target, for the countdown. */
export function splitDuration(ms: number): { d: number; h: number; m: number; s: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    d: Math.floor(total / 86_400),
    h: Math.floor((total % 86_400) / 3600),
    m: Math.floor((total % 3600) / 60),
    s: total % 60,
  };
}
