/** Minutes waiting → "45m", "5h 10m", "2d 3h". */
export function age(minutes: number): string {
  if (minutes < 60) return `${minutes}m`;
  const h = Math.floor(minutes / 60);
  if (h < 24) return `${h}h ${minutes % 60}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

/** spec 03: the admin team promises a review within 24–48 hours. */
export function ageColor(minutes: number): string {
  if (minutes >= 48 * 60) return 'red';
  if (minutes >= 24 * 60) return 'orange';
  return 'gray';
}

export function shortDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
