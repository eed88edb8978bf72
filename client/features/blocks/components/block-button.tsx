import { Ban } from 'lucide-react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useBlocks, useSetBlocked } from '../api/blocks';

// Blocking is on the profile; its words are the profile area's.
addMessages('profile', englishMessages);

/** "Block this member" on someone's profile, or "Unblock" once blocked. */
export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const { _ } = useI18n();
  const blocks = useBlocks(true);
  const setBlocked = useSetBlocked(userId);
  const blocked = blocks.data?.some((block) => block.user.id === userId) ?? false;

  const change = async (next: boolean) => {
    try {
      await setBlocked.mutateAsync(next);
      toast.success(next ? _('block.blocked', { name }) : _('block.unblocked', { name }));
    } catch (error) {
      toast.error(_('profile.error'), {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  if (blocks.isPending) return null;
  if (blocked) {
    return (
      <Button variant="outline" disabled={setBlocked.isPending} onClick={() => change(false)}>
        <Ban className="size-4" aria-hidden /> {_('block.unblock')}
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={setBlocked.isPending}>
          <Ban className="size-4" aria-hidden /> {_('block.block')}
        </Button>
      }
      title={_('block.title', { name })}
      text={_('block.text')}
      confirmLabel={_('block.confirm')}
      onConfirm={() => void change(true)}
    />
  );
}
