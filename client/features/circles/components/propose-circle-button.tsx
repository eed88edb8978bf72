import { Link, useNavigate } from 'react-router';
import type { CircleProposal } from '../../../../shared/matching';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useProposeCircle } from '../api/circles';
import { CircleStatusBadge } from './circle-parts';

/** Proposes a circle found in the matches and opens its page. */
export function ProposeCircleButton({ itemIds }: { itemIds: number[] }) {
  const propose = useProposeCircle();
  const navigate = useNavigate();
  return (
    <Button
      className="self-start"
      disabled={propose.isPending}
      onClick={async () => {
        try {
          const circle = await propose.mutateAsync(itemIds);
          toast.success('Circle proposed', {
            description: 'The others are asked to accept. Nothing is promised until everyone does.',
          });
          navigate(`/circles/${circle.id}`);
        } catch (error) {
          toast.error('Could not propose this circle', {
            description: error instanceof Error ? error.message : undefined,
          });
        }
      }}
    >
      {propose.isPending ? 'Proposing...' : 'Propose this circle'}
    </Button>
  );
}

/** Where an open proposal stands, for the member looking at it. */
function proposalState(proposal: CircleProposal): string {
  if (proposal.status === 'accepted') return 'Everyone accepted: this circle is under way.';
  return proposal.accepted ? 'Waiting for the others to answer.' : 'Your answer is needed.';
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
  if (!proposal) return <ProposeCircleButton itemIds={itemIds} />;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <CircleStatusBadge status={proposal.status} />
      <p className="text-sm text-muted">{proposalState(proposal)}</p>
      <Link
        to={`/circles/${proposal.id}`}
        className="font-semibold text-brand-800 underline underline-offset-2"
      >
        Open circle
      </Link>
    </div>
  );
}
