/** A member reported a listing or a member to the admins. */
export type ReportFiled =
  | { kind: 'listing'; itemId: number; reason: string; description: string | null }
  | { kind: 'member'; memberId: string; reason: string; description: string | null };

declare module '../../infra/domain-hooks.js' {
  interface DomainEvents {
    'report.filed': ReportFiled;
  }
}
