/** Nickname, else first and last name, else 'User' (SPEC §2). */
export function displayName(person: {
  nickname?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  const full = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return person.nickname || full || 'User';
}
