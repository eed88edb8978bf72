import { Clock, Handshake, MessageSquareReply, Recycle, UserRound } from 'lucide-react';
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
        <Line icon={UserRound}>Member for {membershipAge(createdAt)}</Line>
      </ul>
    </section>
  );
}
