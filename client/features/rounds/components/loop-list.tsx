import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { RoundLoops } from '../../../../shared/rounds';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { LoopPicture } from './loop-picture';

addMessages('rounds', englishMessages);

/**
 * Every trade loop of a solved round: its ring and who sends what to whom; for the organiser
 * (`runs`), which listings are not sent yet.
 */
export function LoopList({
  loops,
  me,
  runs,
}: {
  loops: RoundLoops['loops'];
  me: string | undefined;
  runs: boolean;
}) {
  const { _ } = useI18n();
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {loops.map((loop) => (
        <li key={loop.id}>
          <Card className="flex flex-col gap-2 p-4">
            <h3 className="font-bold">{_('rounds.loop', { number: loop.id })}</h3>
            <LoopPicture legs={loop.legs} me={me} />
            <ol className="flex flex-col gap-1 text-sm">
              {loop.legs.map((leg) => (
                <li key={leg.entryId} className="break-words">
                  {_('rounds.sends', {
                    giver: displayName(leg.giver),
                    title: leg.item.title,
                    receiver: displayName(leg.receiver),
                  })}
                  {runs && !leg.sentAt && (
                    <Badge tone="amber" className="ms-2">
                      {_('rounds.notSentBadge')}
                    </Badge>
                  )}
                </li>
              ))}
            </ol>
          </Card>
        </li>
      ))}
    </ul>
  );
}
