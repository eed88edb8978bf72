import {
  AlertTriangle,
  Clock,
  Handshake,
  MessageSquareReply,
  Recycle,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import type { Translate } from '../../../../shared/i18n/translator';
import type { Reliability } from '../../../../shared/users';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { membershipSpan, responseTime } from '../reliability-text';

addMessages('profile', englishMessages);

function Line({ icon: Icon, children }: { icon: typeof Clock; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon className="size-4 shrink-0 text-brand-700" aria-hidden />
      <span>{children}</span>
    </li>
  );
}

/**
 * Issue 40 §2: problems others reported after a swap, still open or upheld by a moderator.
 * Counts only: what was written is for the moderators. Nothing at all when there are none.
 */
export function problemsText(_: Translate, open: number, upheld: number): string | null {
  // Two counts, each a whole message, shown side by side like the other lines' facts.
  const parts = [
    upheld > 0 && _('profile.problemsUpheld', { count: upheld }),
    open > 0 && _('profile.problemsOpen', { count: open }),
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
  const { _ } = useI18n();
  const { responseRate, typicalResponseMinutes, completedSwaps, completedCircles } = reliability;
  const problems = problemsText(_, reliability.problemsOpen, reliability.problemsUpheld);
  return (
    <section aria-label={_('profile.reliability')} className="mt-4">
      <h2 className="text-sm font-bold uppercase tracking-wide text-muted">
        {_('profile.reliability')}
      </h2>
      <ul className="mt-1 grid gap-1 text-sm sm:grid-cols-2">
        <Line icon={MessageSquareReply}>
          {responseRate === null
            ? _('profile.noOffers')
            : _('profile.answers', { rate: responseRate })}
        </Line>
        {typicalResponseMinutes !== null && (
          <Line icon={Clock}>{_('profile.responds', responseTime(typicalResponseMinutes))}</Line>
        )}
        <Line icon={Handshake}>{_('profile.completedSwaps', { count: completedSwaps })}</Line>
        {completedCircles > 0 && (
          <Line icon={Recycle}>{_('profile.completedCircles', { count: completedCircles })}</Line>
        )}
        {problems && <Line icon={AlertTriangle}>{problems}</Line>}
        <Line icon={UserRound}>{_('profile.memberFor', membershipSpan(createdAt))}</Line>
      </ul>
    </section>
  );
}
