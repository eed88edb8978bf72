import { Heart } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/api/current-user';
import { useIsSaved, useToggleSaved } from '../api/saved';

/** The heart: signed-in members only (SPEC §2); toasts per SPEC §8. */
export function SaveButton({ itemId, className }: { itemId: number; className?: string }) {
  const { isSignedIn } = useCurrentUser();
  const saved = useIsSaved(itemId, isSignedIn);
  const toggle = useToggleSaved(itemId);
  if (!isSignedIn) return null;
  const isSaved = saved.data?.isSaved ?? false;

  const onClick = async () => {
    try {
      await toggle.mutateAsync(!isSaved);
      if (isSaved) toast.success('Item removed', { description: 'Removed from your wishlist' });
      else toast.success('Item saved', { description: 'Added to your wishlist' });
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : undefined });
    }
  };

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={toggle.isPending || saved.isPending}
      aria-pressed={isSaved}
      aria-label={isSaved ? 'Remove from saved items' : 'Save item'}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-full bg-white/95 shadow-sm transition hover:scale-105 disabled:opacity-60',
        className,
      )}
    >
      <Heart
        className={cn('size-5', isSaved ? 'fill-rose-500 text-rose-500' : 'text-stone-700')}
        aria-hidden
      />
    </button>
  );
}
