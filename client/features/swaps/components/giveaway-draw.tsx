import { Dices } from 'lucide-react';
import { useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.giveaways';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useDrawGiveaway } from '../api/swap-requests';

addMessages('giveaways', englishMessages);

/**
 * Issue 38 §2, the giver's draw of a give-away (POST /api/items/:id/draw), one piece used by the
 * give-away's page (GiveawayOwnerPanel) and by the giver's request cards in My Offers
 * (OfferCard), so both follow the same rules: no draw while the fair chance runs (the button
 * disabled, described by why), a confirmation first, then who won.
 *
 * The state lives in the hook, held by the component that shows the result: a request card
 * changes (accepted, or not chosen) when the draw comes back, and must still say who won.
 */
export type GiveawayDraw = {
  item: { id: number; title: string };
  run: () => Promise<void>;
  pending: boolean;
  /** Who won, once drawn. */
  winner: string | undefined;
  error: string | undefined;
};

export function useGiveawayDraw(item: { id: number; title: string }): GiveawayDraw {
  const draw = useDrawGiveaway(item.id);
  const { _ } = useI18n();
  const [error, setError] = useState<string>();
  const [winner, setWinner] = useState<string>();
  const run = async () => {
    setError(undefined);
    try {
      const accepted = await draw.mutateAsync();
      const name = displayName(accepted.fromUser);
      setWinner(name);
      toast.success(_('giveaways.won', { name, title: item.title }), {
        description: _('giveaways.wonText'),
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : _('giveaways.drawFailed'));
    }
  };
  return { item, run, pending: draw.isPending, winner, error };
}

/**
 * "Draw a winner at random": disabled while `fairChance` (the wait's words) runs, described by
 * `describedBy` (where those words are shown); after it, asks first, then draws.
 */
export function DrawButton({
  draw,
  fairChance,
  describedBy,
  size,
}: {
  draw: GiveawayDraw;
  fairChance: string | null;
  describedBy?: string;
  size?: 'sm';
}) {
  const { _ } = useI18n();
  if (fairChance)
    return (
      <Button variant="secondary" size={size} disabled aria-describedby={describedBy}>
        <Dices className="size-4" aria-hidden /> {_('giveaways.draw')}
      </Button>
    );
  return (
    <ConfirmDialog
      title={_('giveaways.drawTitle')}
      text={_('giveaways.drawText', { title: draw.item.title })}
      confirmLabel={_('giveaways.drawConfirm')}
      onConfirm={() => void draw.run()}
      trigger={
        <Button variant="secondary" size={size} disabled={draw.pending}>
          <Dices className="size-4" aria-hidden />
          {draw.pending ? _('giveaways.drawing') : _('giveaways.draw')}
        </Button>
      }
    />
  );
}

/** Who won the draw (`where`: where their request now shows, if elsewhere), or why it failed. */
export function DrawOutcome({ draw, where }: { draw: GiveawayDraw; where?: 'myOffers' }) {
  const { _ } = useI18n();
  return (
    <>
      {draw.winner && (
        <p role="status" className="text-sm">
          {richMessage(
            _,
            'giveaways.outcome',
            { where: where ?? 'here' },
            { name: <strong>{draw.winner}</strong> },
          )}
        </p>
      )}
      <FormAlert>{draw.error}</FormAlert>
    </>
  );
}
