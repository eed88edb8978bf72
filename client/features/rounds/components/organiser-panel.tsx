import { useId, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { Round } from '../../../../shared/rounds';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { inputClass } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useImportWants, useSolveRound, useUpdateRound } from '../api/rounds';
import { MutationError } from './mutation-error';

addMessages('rounds', englishMessages);

/**
 * "Run this round": the organiser's moves the round allows now (close entries, solve, export,
 * close, hide) and the import of a want-list file. Nothing for anyone else.
 */
export function OrganiserPanel({ round }: { round: Round }) {
  const update = useUpdateRound(round.id);
  const solve = useSolveRound(round.id);
  const importWants = useImportWants(round.id);
  const [text, setText] = useState('');
  const importId = useId();
  const { _ } = useI18n();
  const has = (action: Round['actions'][number]) => round.actions.includes(action);
  if (!['close-entries', 'solve', 'close', 'hide', 'import', 'export'].some((a) => has(a as never)))
    return null;
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="text-xl font-bold">{_('rounds.run')}</h2>
      <div className="flex flex-wrap gap-2">
        {has('close-entries') && (
          <Button
            variant="outline"
            disabled={update.isPending}
            onClick={() => update.mutate({ action: 'close-entries' })}
          >
            {_('rounds.closeEntries')}
          </Button>
        )}
        {has('solve') && (
          <Button disabled={solve.isPending} onClick={() => solve.mutate(undefined)}>
            {solve.isPending ? _('rounds.solving') : _('rounds.solve')}
          </Button>
        )}
        {has('export') && (
          <Button asChild variant="outline">
            <a href={`/api/rounds/${round.id}/want-list`} download>
              {_('rounds.export')}
            </a>
          </Button>
        )}
        {has('close') && (
          <Button
            variant="outline"
            disabled={update.isPending}
            onClick={() => update.mutate({ action: 'close' })}
          >
            {_('rounds.close')}
          </Button>
        )}
        {has('hide') && (
          <Button
            variant="destructive"
            disabled={update.isPending}
            onClick={() => update.mutate({ action: 'hide' })}
          >
            {_('rounds.hide')}
          </Button>
        )}
      </div>
      <MutationError error={update.error ?? solve.error} />
      {has('import') && (
        <div className="flex flex-col gap-2">
          <label htmlFor={importId} className="font-semibold">
            {_('rounds.importLabel')}
          </label>
          <textarea
            id={importId}
            className={cn(inputClass, 'h-32 py-2 font-mono text-sm')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div>
            <Button
              variant="outline"
              disabled={!text.trim() || importWants.isPending}
              onClick={() => importWants.mutate(text)}
            >
              {_('rounds.import')}
            </Button>
          </div>
          <MutationError error={importWants.error} />
          {importWants.data && (
            <div role="status" className="text-sm">
              <p>{_('rounds.imported', { count: importWants.data.updated })}</p>
              {importWants.data.warnings.length > 0 && (
                <ul className="list-disc ps-5 text-muted">
                  {importWants.data.warnings.slice(0, 20).map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
