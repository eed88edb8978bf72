import { Dices } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { displayName } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDrawGiveaway } from '../api/swap-requests';

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
  const [error, setError] = useState<string>();
  const [winner, setWinner] = useState<string>();
  const run = async () => {
    setError(undefined);
    try {
      const accepted = await draw.mutateAsync();
      const name = displayName(accepted.fromUser);
      setWinner(name);
      toast.success(`${name} won “${item.title}”`, {
        description: 'Their request is accepted; the others were told kindly.',
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The draw failed');
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
  if (fairChance)
    return (
      <Button variant="secondary" size={size} disabled aria-describedby={describedBy}>
        <Dices className="size-4" aria-hidden /> Draw a winner at random
      </Button>
    );
  return (
    <ConfirmDialog
      title="Draw a winner at random?"
      text={`One of the pending requests for “${draw.item.title}” is picked at random and accepted; the others are declined kindly. This cannot be undone.`}
      confirmLabel="Draw"
      onConfirm={() => void draw.run()}
      trigger={
        <Button variant="secondary" size={size} disabled={draw.pending}>
          <Dices className="size-4" aria-hidden />
          {draw.pending ? 'Drawing...' : 'Draw a winner at random'}
        </Button>
      }
    />
  );
}

/** Who won the draw (`where`: where their request now shows), or why it failed. */
export function DrawOutcome({ draw, where = '' }: { draw: GiveawayDraw; where?: string }) {
  return (
    <>
      {draw.winner && (
        <p role="status" className="text-sm">
          <strong>{draw.winner}</strong> won the draw. Their request is accepted{where}.
        </p>
      )}
      <FormAlert>{draw.error}</FormAlert>
    </>
  );
}
