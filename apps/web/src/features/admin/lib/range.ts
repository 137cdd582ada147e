const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last `days` UTC days up to today (the server's overview uses UTC days). */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  return { from: isoDay(new Date(now.getTime() - (days - 1) * DAY)), to: isoDay(now) };
}

export const defaultRange = () => lastDays(30);
