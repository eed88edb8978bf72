import { Heart } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/api/current-user';
import { useIsSaved, useToggleSaved } from '../api/saved';

type SaveButtonProps = { itemId: number; className?: string };

/**
 * The heart: signed-in members only (SPEC §2). A visitor's card sets up no saved-state query or
 * mutation at all: a browse page has 24 cards, all set up as the page starts (issue 19 §4).
 */
export function SaveButton(props: SaveButtonProps) {
  const { isSignedIn } = useCurrentUser();
  return isSignedIn ? <MemberSaveButton {...props} /> : null;
}

/** The heart with the member's saved state; toasts per SPEC §8. */
function MemberSaveButton({ itemId, className }: SaveButtonProps) {
  const saved = useIsSaved(itemId);
  const toggle = useToggleSaved(itemId);
  const isSaved = saved.data ?? false;

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
