// RFC 5545 iCalendar for one hackathon: escaped text, UTC times, CRLF lines folded at 75 octets.

export interface CalendarEvent {
  uid: string;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  categories: string[];
  organizer?: { name: string; email: string };
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT value escaping (RFC 5545 §3.3.11); other control characters are dropped. */
export function escapeText(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n')
    .split('')
    .filter((ch) => !isControl(ch))
    .join('');
}

/** C0 controls and DEL (the newline is escaped before this runs). */
function isControl(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return c < 0x20 || c === 0x7f;
}

/** Folds a content line into 75-octet pieces without splitting a UTF-8 sequence (§3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // The first line holds 75 octets; continuation lines begin with a space, so 74 more.
    const max = out.length === 0 ? 75 : 74;
    if (bytes + size > max) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function buildCalendar(ev: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Agora//Hackathons//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${ev.uid}`,
    `DTSTAMP:${utc(ev.stamp)}`,
    `DTSTART:${utc(ev.start)}`,
    `DTEND:${utc(ev.end)}`,
    `SUMMARY:${escapeText(ev.summary)}`,
    `DESCRIPTION:${escapeText(ev.description)}`,
    `LOCATION:${escapeText(ev.location)}`,
  ];
  if (ev.categories.length) lines.push(`CATEGORIES:${ev.categories.map(escapeText).join(',')}`);
  if (ev.organizer && /^[^\s"<>:;,]+@[^\s"<>:;,]+$/.test(ev.organizer.email)) {
    // A quoted parameter value may not contain a double quote or control characters.
    const cn = ev.organizer.name
      .split('')
      .filter((ch) => ch !== '"' && !isControl(ch))
      .join('');
    lines.push(`ORGANIZER;CN="${cn}":mailto:${ev.organizer.email}`);
  }
  lines.push('STATUS:CONFIRMED', 'TRANSP:OPAQUE', 'END:VEVENT', 'END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
