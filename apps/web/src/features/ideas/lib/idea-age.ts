const MINUTE = 60_000;

/** spec 02 §9: 'now' under a minute, then minutes under an hour, hours under a day, then days. */
export function ideaAge(iso: string, now: Date = new Date()): string {
  const diff = Math.max(0, now.getTime() - new Date(iso).getTime());
  if (diff < MINUTE) return 'now';
  if (diff < 60 * MINUTE) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < 24 * 60 * MINUTE) return `${Math.floor(diff / (60 * MINUTE))}h ago`;
  return `${Math.floor(diff / (24 * 60 * MINUTE))}d ago`;
}
