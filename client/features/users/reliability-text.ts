const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "within 20 minutes", "within 3 hours", "within 2 days". */
export function responseTimeText(minutes: number): string {
  if (minutes < 60) return `within ${plural(Math.max(1, Math.round(minutes)), 'minute')}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `within ${plural(hours, 'hour')}`;
  return `within ${plural(Math.round(hours / 24), 'day')}`;
}

/** How long someone has been a member: "less than a day", "12 days", "4 months", "2 years". */
export function membershipAge(createdAt: string, now = new Date()): string {
  const days = Math.floor((now.getTime() - new Date(createdAt).getTime()) / 86_400_000);
  if (days < 1) return 'less than a day';
  if (days < 31) return plural(days, 'day');
  const months = Math.floor(days / 30.44);
  if (months < 12) return plural(months, 'month');
  return plural(Math.floor(days / 365.25), 'year');
}
