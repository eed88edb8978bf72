import { Heart } from 'lucide-react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.listing';
import { cn } from '../../../lib/cn';
import { addMessages, currentTranslator } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useCurrentUser } from '../../auth/api/current-user';
import { useIsSaved, useToggleSaved } from '../api/saved';

// A listing's words (`listing.`): the heart shows on its card and its page, which bring them too.
addMessages('listing', englishMessages);

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
  const { _ } = useI18n();

  const onClick = async () => {
    try {
      await toggle.mutateAsync(!isSaved);
      // The toasts outlive the render: the language in use when they are shown.
      const { _: now } = currentTranslator();
      if (isSaved)
        toast.success(now('listing.unsavedTitle'), { description: now('listing.unsavedText') });
      else toast.success(now('listing.savedTitle'), { description: now('listing.savedText') });
    } catch (error) {
      toast.error(currentTranslator()._('listing.saveError'), {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={toggle.isPending || saved.isPending}
      aria-pressed={isSaved}
      aria-label={isSaved ? _('listing.unsave') : _('listing.save')}
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
