import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ClientUser } from '../../../../shared/auth.schemas';
import type { Item } from '../../../../shared/items';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useLatestOfferWith } from '../../swaps/api/swap-requests';
import { ChatDialog } from '../../swaps/components/chat-dialog';

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
  const conversation = useLatestOfferWith(profileId, !!viewer);
  const [open, setOpen] = useState(false);
  if (!viewer) {
    return (
      <Button asChild>
        <Link to="/auth">
          <MessageCircle className="size-4" aria-hidden /> Send Message
        </Link>
      </Button>
    );
  }
  const latest = conversation.data;
  const available = listings.filter((item) => item.isActive);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={conversation.isPending}>
        <MessageCircle className="size-4" aria-hidden /> Send Message
      </Button>
      {latest ? (
        <ChatDialog request={latest} userId={viewer.id} open={open} onOpenChange={setOpen} />
      ) : (
        <Modal
          open={open}
          onOpenChange={setOpen}
          title={`Message ${name}`}
          description="Conversations here start with a swap offer. Pick one of their listings to make an offer, and your message goes with it."
        >
          {available.length === 0 ? (
            <p className="text-muted">{name} has nothing listed right now.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line overflow-y-auto">
              {available.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="truncate font-medium">{item.title}</span>
                  <Button asChild size="sm">
                    <Link to={`/item/${item.id}?action=offer`}>Make Offer</Link>
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
