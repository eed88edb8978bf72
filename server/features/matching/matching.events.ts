/**
 * Matching found something new for a member: a mutual match (their listing and another's want
 * each other) or a swap circle through one of their listings. `subjectKey` names what was found
 * (one unread notification per subject); `link` is where the member sees it.
 */
export type MatchFound = {
  userId: string;
  kind: 'mutual' | 'circle';
  itemId: number;
  subjectKey: string;
  link: string;
};

/** A member changed what their listings would be given for (named wants, in order). */
export type WantsChanged = { itemIds: number[] };

declare module '../../infra/domain-hooks.js' {
  interface DomainEvents {
    'match.found': MatchFound;
    'wants.changed': WantsChanged;
  }
}
