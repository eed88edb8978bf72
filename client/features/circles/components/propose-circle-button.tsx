import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useProposeCircle } from '../api/circles';

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
