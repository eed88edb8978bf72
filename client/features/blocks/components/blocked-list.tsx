import { Link } from 'react-router';
import type { Block } from '../../../../shared/users';
import { Button } from '../../../components/ui/button';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { displayName, formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useBlocks, useSetBlocked } from '../api/blocks';

function BlockedRow({ block }: { block: Block }) {
  const setBlocked = useSetBlocked(block.user.id);
  const name = displayName(block.user);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-white p-3">
      <UserAvatar user={block.user} size={40} />
      <div className="min-w-0 flex-1">
        <Link to={`/profile/${block.user.id}`} className="font-semibold hover:underline">
          {name}
        </Link>
        <p className="text-sm text-muted">Blocked {formatDate(block.createdAt)}</p>
      </div>
      <Button
        variant="outline"
        disabled={setBlocked.isPending}
        onClick={async () => {
          try {
            await setBlocked.mutateAsync(false);
            toast.success(`You unblocked ${name}`);
          } catch (error) {
            toast.error('Error', {
              description: error instanceof Error ? error.message : undefined,
            });
          }
        }}
      >
        Unblock<span className="sr-only"> {name}</span>
      </Button>
    </li>
  );
}

/** The members the viewer has blocked, each with Unblock. */
export function BlockedList() {
  const blocks = useBlocks(true);
  if (blocks.isPending) return <p className="text-muted">Loading...</p>;
  if (!blocks.data?.length) return <p className="text-muted">You have not blocked anyone.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {blocks.data.map((block) => (
        <BlockedRow key={block.user.id} block={block} />
      ))}
    </ul>
  );
}
