export type MemberRegistered = { userId: string };

declare module '../../infra/domain-hooks.js' {
  interface DomainEvents {
    /** A new account, in the transaction that made it. */
    'member.registered': MemberRegistered;
  }
}
