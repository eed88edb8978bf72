const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** Nickname, else first and last name, else 'User' (SPEC §2). */
export function displayName(person: {
  nickname?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  const full = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return person.nickname || full || 'User';
}
