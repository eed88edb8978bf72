/** A member of this instance erased their account (or an admin erased it), in its transaction. */
export type MemberErased = { memberId: string };

declare module '../../infra/domain-hooks.js' {
  interface DomainEvents {
    'member.erased': MemberErased;
  }
}
