import { Link, useNavigate } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.circles';
import type { Translate } from '../../../../shared/i18n/translator';
import type { CircleProposal } from '../../../../shared/matching';
import { Button } from '../../../components/ui/button';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useProposeCircle } from '../api/circles';
import { CircleStatusBadge } from './circle-parts';

addMessages('circles', englishMessages);

/** Proposes a circle found in the matches and opens its page. */
export function ProposeCircleButton({ itemIds }: { itemIds: number[] }) {
  const { _ } = useI18n();
  const propose = useProposeCircle();
  const navigate = useNavigate();
  return (
    <Button
      className="self-start"
      disabled={propose.isPending}
      onClick={async () => {
        try {
          const circle = await propose.mutateAsync(itemIds);
          toast.success(_('circle.proposedToast'), {
            description: _('circle.proposedToastText'),
          });
          navigate(`/circles/${circle.id}`);
        } catch (error) {
          toast.error(_('circle.proposeFailed'), {
            description: error instanceof Error ? error.message : undefined,
          });
        }
      }}
    >
      {propose.isPending ? _('circle.proposing') : _('circle.propose')}
    </Button>
  );
}

/** Where an open proposal stands, for the member looking at it. */
function proposalState(proposal: CircleProposal, _: Translate): string {
  if (proposal.status === 'accepted') return _('circle.proposal.accepted');
  return proposal.accepted ? _('circle.proposal.waiting') : _('circle.proposal.needed');
}

/**
 * A circle in the matches: "Propose this circle", or, once it is proposed (by anyone in it) or
 * accepted, its state and a link to it. A closed proposal (declined, expired …) is not sent:
 * the circle can be proposed again.
 */
export function CircleMatchAction({
  itemIds,
  proposal,
}: {
  itemIds: number[];
  proposal: CircleProposal | null;
}) {
  const { _ } = useI18n();
  if (!proposal) return <ProposeCircleButton itemIds={itemIds} />;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <CircleStatusBadge status={proposal.status} />
      <p className="text-sm text-muted">{proposalState(proposal, _)}</p>
      <Link
        to={`/circles/${proposal.id}`}
        className="font-semibold text-brand-800 underline underline-offset-2"
      >
        {_('circle.open')}
      </Link>
    </div>
  );
}
