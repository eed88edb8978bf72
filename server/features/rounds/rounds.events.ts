/** A swap round its participants take part in moved to another phase. */
export type RoundPhase = {
  roundId: number;
  title: string;
  userIds: string[];
  phase: 'open' | 'closing-soon' | 'closed' | 'results' | 'ended';
  link: string;
};

declare module '../../infra/domain-hooks.js' {
  interface DomainEvents {
    'round.phase': RoundPhase;
  }
}
