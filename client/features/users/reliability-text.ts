/** A span of time in one unit, for the catalogs' plural and select ("within 3 hours"). */
export type Span<Unit extends string> = { unit: Unit; count: number };

/** The typical response time in minutes, hours or days: 20 minutes, 3 hours, 2 days. */
export function responseTime(minutes: number): Span<'minute' | 'hour' | 'day'> {
  if (minutes < 60) return { unit: 'minute', count: Math.max(1, Math.round(minutes)) };
  const hours = Math.round(minutes / 60);
  if (hours < 48) return { unit: 'hour', count: hours };
  return { unit: 'day', count: Math.round(hours / 24) };
}

/** How long someone has been a member: less than a day (`none`), 12 days, 4 months, 2 years. */
export function membershipSpan(
  createdAt: string,
  now = new Date(),
): Span<'none' | 'day' | 'month' | 'year'> {
  const days = Math.floor((now.getTime() - new Date(createdAt).getTime()) / 86_400_000);
  if (days < 1) return { unit: 'none', count: 0 };
  if (days < 31) return { unit: 'day', count: days };
  const months = Math.floor(days / 30.44);
  if (months < 12) return { unit: 'month', count: months };
  return { unit: 'year', count: Math.floor(days / 365.25) };
}
