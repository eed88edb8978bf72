import { MessageCircle } from 'lucide-react';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import type { ClientUser } from '../../../../shared/auth.schemas';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import type { Item } from '../../../../shared/items';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { OnceOpened } from '../../../components/ui/once-opened';
import { addMessages, withParts } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useLatestOfferWith } from '../../swaps/api/swap-requests';

addMessages('profile', englishMessages);

// The chat's code comes on the first open: most visits to a profile never open it.
const ChatDialog = lazy(
  withParts(async () => ({
    default: (await import('../../swaps/components/chat-dialog')).ChatDialog,
  })),
);

/**
 * Opens the chat of the most recent offer between the two members; without one, there is nothing
 * to chat about yet, so it invites the visitor to make an offer on one of this member's listings.
 */
export function SendMessageButton({
  viewer,
  profileId,
  name,
  listings,
}: {
  viewer: ClientUser | null;
  profileId: string;
  name: string;
  listings: Item[];
}) {
  const { _ } = useI18n();
  const conversation = useLatestOfferWith(profileId, !!viewer);
  const [open, setOpen] = useState(false);
  if (!viewer) {
    return (
      <Button asChild>
        <Link to="/auth">
          <MessageCircle className="size-4" aria-hidden /> {_('profile.sendMessage')}
        </Link>
      </Button>
    );
  }
  const latest = conversation.data;
  const available = listings.filter((item) => item.isActive);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={conversation.isPending}>
        <MessageCircle className="size-4" aria-hidden /> {_('profile.sendMessage')}
      </Button>
      {latest ? (
        <OnceOpened open={open}>
          <ChatDialog request={latest} userId={viewer.id} open={open} onOpenChange={setOpen} />
        </OnceOpened>
      ) : (
        <Modal
          open={open}
          onOpenChange={setOpen}
          title={_('profile.messageTitle', { name })}
          description={_('profile.messageText')}
        >
          {available.length === 0 ? (
            <p className="text-muted">{_('profile.nothingListedNow', { name })}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line overflow-y-auto">
              {available.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="truncate font-medium">{item.title}</span>
                  <Button asChild size="sm">
                    <Link to={`/item/${item.id}?action=offer`}>{_('profile.makeOffer')}</Link>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Modal>
      )}
    </>
  );
}
