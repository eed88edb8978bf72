import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useId, useMemo, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import type { RoundEntry, WantElement } from '../../../../shared/rounds';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useSaveWants } from '../api/rounds';

addMessages('rounds', englishMessages);

const RESULTS = 40;

const idsOf = (element: WantElement) => (Array.isArray(element) ? element : [element]);

/** Moves the element at `from` to `to`. */
function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [taken] = next.splice(from, 1);
  next.splice(to, 0, taken as T);
  return next;
}

/**
 * The ranking screen for one of the member's entries: search the other entries, add them (or all
 * of one owner's), order them by Move up/down buttons, Alt+Arrow keys or drag and drop, group
 * several as "any of these", then save. Works on hundreds of candidates: the search shows the
 * first matches only.
 */
export function WantRanker({
  roundId,
  entry,
  others,
  initial,
}: {
  roundId: number;
  entry: RoundEntry;
  others: readonly RoundEntry[];
  initial: readonly WantElement[];
}) {
  const [wants, setWants] = useState<WantElement[]>([...initial]);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const save = useSaveWants(roundId);
  const { _ } = useI18n();
  const searchId = useId();
  const listId = useId();
  const byId = useMemo(() => new Map(others.map((o) => [o.id, o])), [others]);
  const chosen = useMemo(() => new Set(wants.flatMap(idsOf)), [wants]);
  const title = (id: number) => byId.get(id)?.item.title ?? _('ranker.entry', { id });
  const label = (element: WantElement) =>
    Array.isArray(element)
      ? _('ranker.anyOf', { titles: element.map(title).join(', ') })
      : title(element);

  const results = useMemo(() => {
    const words = query.trim().toLowerCase();
    return others
      .filter((o) => !chosen.has(o.id))
      .filter(
        (o) =>
          !words ||
          o.item.title.toLowerCase().includes(words) ||
          displayName(o.item.owner).toLowerCase().includes(words),
      )
      .slice(0, RESULTS);
  }, [others, chosen, query]);

  const change = (next: WantElement[], message: string) => {
    setWants(next);
    setAnnouncement(message);
    save.reset();
  };
  const add = (ids: number[]) => {
    const fresh = ids.filter((id) => !chosen.has(id));
    if (fresh.length === 0) return;
    change([...wants, ...fresh], _('ranker.added', { titles: fresh.map(title).join(', ') }));
  };
  const moveTo = (from: number, to: number) => {
    const element = wants[from];
    if (element === undefined || to < 0 || to >= wants.length) return;
    change(move(wants, from, to), _('ranker.nowNumber', { label: label(element), number: to + 1 }));
  };
  const remove = (index: number) => {
    const element = wants[index];
    if (element === undefined) return;
    change(
      wants.filter((_, k) => k !== index),
      _('ranker.removed', { label: label(element) }),
    );
  };
  const group = () => {
    const indexes = wants.flatMap((_, k) => (selected.has(k) ? [k] : []));
    if (indexes.length < 2) return;
    const first = indexes[0] as number;
    const merged = indexes.flatMap((k) => idsOf(wants[k] as WantElement));
    const next = wants.flatMap((element, k) =>
      k === first ? [merged] : selected.has(k) ? [] : [element],
    );
    setSelected(new Set());
    change(next, _('ranker.grouped', { count: merged.length }));
  };
  const split = (index: number) => {
    const element = wants[index];
    if (!Array.isArray(element)) return;
    change(
      [...wants.slice(0, index), ...element, ...wants.slice(index + 1)],
      _('ranker.groupSplit'),
    );
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey) return;
    if (event.key === 'ArrowUp') moveTo(index, index - 1);
    else if (event.key === 'ArrowDown') moveTo(index, index + 1);
    else return;
    event.preventDefault();
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragFrom !== null) moveTo(dragFrom, index);
    setDragFrom(null);
  };
  const owners = [
    ...new Map(results.map((o) => [o.item.owner.id, o.item.owner] as const)).values(),
  ];

  return (
    <div className="flex flex-col gap-4">
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section aria-labelledby={listId} className="flex flex-col gap-2">
          <h4 id={listId} className="font-semibold">
            {_('ranker.heading', { title: entry.item.title, count: wants.length })}
          </h4>
          {wants.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line p-3 text-sm text-muted">
              {_('ranker.nothing')}
            </p>
          ) : (
            <ol className="flex flex-col gap-1">
              {wants.map((element, index) => (
                <li
                  key={idsOf(element).join('-')}
                  draggable
                  onDragStart={() => setDragFrom(index)}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => onDrop(event, index)}
                  onKeyDown={(event) => onKey(event, index)}
                  className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-white p-2"
                >
                  <input
                    type="checkbox"
                    aria-label={_('ranker.select', { label: label(element) })}
                    checked={selected.has(index)}
                    onChange={(e) => {
                      const next = new Set(selected);
                      if (e.target.checked) next.add(index);
                      else next.delete(index);
                      setSelected(next);
                    }}
                    className="size-4"
                  />
                  <span className="w-6 text-end font-semibold tabular-nums">{index + 1}.</span>
                  <span className="min-w-0 flex-1 break-words">{label(element)}</span>
                  <span className="flex gap-1">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={_('ranker.up', { label: label(element) })}
                      disabled={index === 0}
                      onClick={() => moveTo(index, index - 1)}
                    >
                      <ArrowUp className="size-4" aria-hidden />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={_('ranker.down', { label: label(element) })}
                      disabled={index === wants.length - 1}
                      onClick={() => moveTo(index, index + 1)}
                    >
                      <ArrowDown className="size-4" aria-hidden />
                    </Button>
                    {Array.isArray(element) && (
                      <Button size="sm" variant="ghost" onClick={() => split(index)}>
                        {_('ranker.split')}
                      </Button>
                    )}
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={_('ranker.remove', { label: label(element) })}
                      onClick={() => remove(index)}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          <p className="text-sm text-muted">{_('ranker.help')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() =>
                save.mutate(
                  { entryId: entry.id, wants },
                  { onSuccess: () => setAnnouncement(_('ranker.savedAnnounce')) },
                )
              }
              disabled={save.isPending}
            >
              {save.isPending ? _('ranker.saving') : _('ranker.save', { title: entry.item.title })}
            </Button>
            <Button variant="outline" onClick={group} disabled={selected.size < 2}>
              {_('ranker.group')}
            </Button>
          </div>
          {save.isSuccess && (
            <p className="text-sm font-medium text-green-800" role="status">
              {_('ranker.saved')}
            </p>
          )}
          {save.error && (
            <p className="text-sm font-medium text-danger" role="alert">
              {save.error.message}
            </p>
          )}
        </section>
        <section
          className="flex flex-col gap-2"
          aria-label={_('ranker.addFor', { title: entry.item.title })}
        >
          <label htmlFor={searchId} className="font-semibold">
            {_('ranker.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className={inputClass}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={_('ranker.searchPlaceholder')}
          />
          {owners.length > 0 && query.trim() && (
            <div className="flex flex-wrap gap-2">
              {owners.map((owner) => (
                <Button
                  key={owner.id}
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    add(others.filter((o) => o.item.owner.id === owner.id).map((o) => o.id))
                  }
                >
                  {_('ranker.allBy', { name: displayName(owner) })}
                </Button>
              ))}
            </div>
          )}
          <ul className="flex max-h-96 flex-col gap-1 overflow-y-auto">
            {results.map((o) => (
              <li
                key={o.id}
                className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-white p-2"
              >
                <span className="min-w-0 flex-1 break-words">
                  {o.item.title}{' '}
                  <span className="text-sm text-muted">
                    {_('rounds.by', { name: displayName(o.item.owner) })}
                  </span>
                </span>
                <Button size="sm" variant="outline" onClick={() => add([o.id])}>
                  {_('ranker.add')} <span className="sr-only">{o.item.title}</span>
                </Button>
              </li>
            ))}
            {results.length === 0 && <li className="text-sm text-muted">{_('ranker.noMore')}</li>}
          </ul>
        </section>
      </div>
    </div>
  );
}
