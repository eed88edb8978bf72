import { Ban } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toast';
import { useBlocks, useSetBlocked } from '../api/blocks';

/** "Block this member" on someone's profile, or "Unblock" once blocked. */
export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const blocks = useBlocks(true);
  const setBlocked = useSetBlocked(userId);
  const blocked = blocks.data?.some((block) => block.user.id === userId) ?? false;

  const change = async (next: boolean) => {
    try {
      await setBlocked.mutateAsync(next);
      toast.success(next ? `You blocked ${name}` : `You unblocked ${name}`);
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : undefined });
    }
  };

  if (blocks.isPending) return null;
  if (blocked) {
    return (
      <Button variant="outline" disabled={setBlocked.isPending} onClick={() => change(false)}>
        <Ban className="size-4" aria-hidden /> Unblock
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={setBlocked.isPending}>
          <Ban className="size-4" aria-hidden /> Block this member
        </Button>
      }
      title={`Block ${name}?`}
      text="Neither of you will be able to send the other offers, messages or swap circles, and you will not see each other's listings in matches and alerts. Your past conversations stay, closed. You can unblock at any time."
      confirmLabel="Block"
      onConfirm={() => void change(true)}
    />
  );
}
