import {
  AlertTriangle,
  Clock,
  Handshake,
  MessageSquareReply,
  Recycle,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { Reliability } from '../../../../shared/users';
import { membershipAge, responseTimeText } from '../reliability-text';

function Line({ icon: Icon, children }: { icon: typeof Clock; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon className="size-4 shrink-0 text-brand-700" aria-hidden />
      <span>{children}</span>
    </li>
  );
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/**
 * Issue 40 §2: problems others reported after a swap, still open or upheld by a moderator.
 * Counts only: what was written is for the moderators. Nothing at all when there are none.
 */
export function problemsText(open: number, upheld: number): string | null {
  const parts = [
    upheld > 0 && count(upheld, 'problem upheld by moderators', 'problems upheld by moderators'),
    open > 0 && count(open, 'problem reported, under review', 'problems reported, under review'),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * Issue 18 §6: how reliably the member answers offers (last 90 days), what they completed, and
 * how long they have been here. Figures the server keeps as things happen.
 */
export function ProfileReliability({
  reliability,
  createdAt,
}: {
  reliability: Reliability;
  createdAt: string;
}) {
  const { responseRate, typicalResponseMinutes, completedSwaps, completedCircles } = reliability;
  const problems = problemsText(reliability.problemsOpen, reliability.problemsUpheld);
  return (
    <section aria-label="Reliability" className="mt-4">
      <h2 className="text-sm font-bold uppercase tracking-wide text-muted">Reliability</h2>
      <ul className="mt-1 grid gap-1 text-sm sm:grid-cols-2">
        <Line icon={MessageSquareReply}>
          {responseRate === null
            ? 'No offers to answer in the last 90 days'
            : `Answers ${responseRate}% of offers (last 90 days)`}
        </Line>
        {typicalResponseMinutes !== null && (
          <Line icon={Clock}>Typically responds {responseTimeText(typicalResponseMinutes)}</Line>
        )}
        <Line icon={Handshake}>
          {completedSwaps === 1 ? '1 completed swap' : `${completedSwaps} completed swaps`}
        </Line>
        {completedCircles > 0 && (
          <Line icon={Recycle}>
            {completedCircles === 1
              ? '1 completed swap circle'
              : `${completedCircles} completed swap circles`}
          </Line>
        )}
        {problems && <Line icon={AlertTriangle}>{problems}</Line>}
        <Line icon={UserRound}>Member for {membershipAge(createdAt)}</Line>
      </ul>
    </section>
  );
}
