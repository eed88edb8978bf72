import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useId, useMemo, useState } from 'react';
import type { RoundEntry, WantElement } from '../../../../shared/rounds';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { displayName } from '../../../lib/format';
import { useSaveWants } from '../api/rounds';

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
  const searchId = useId();
  const listId = useId();
  const byId = useMemo(() => new Map(others.map((o) => [o.id, o])), [others]);
  const chosen = useMemo(() => new Set(wants.flatMap(idsOf)), [wants]);
  const title = (id: number) => byId.get(id)?.item.title ?? `Entry ${id}`;
  const label = (element: WantElement) =>
    Array.isArray(element) ? `Any of: ${element.map(title).join(', ')}` : title(element);

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
    change([...wants, ...fresh], `Added ${fresh.map(title).join(', ')}`);
  };
  const moveTo = (from: number, to: number) => {
    const element = wants[from];
    if (element === undefined || to < 0 || to >= wants.length) return;
    change(move(wants, from, to), `${label(element)} is now number ${to + 1}`);
  };
  const remove = (index: number) => {
    const element = wants[index];
    if (element === undefined) return;
    change(
      wants.filter((_, k) => k !== index),
      `Removed ${label(element)}`,
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
    change(next, `Grouped ${merged.length} entries as any of these`);
  };
  const split = (index: number) => {
    const element = wants[index];
    if (!Array.isArray(element)) return;
    change([...wants.slice(0, index), ...element, ...wants.slice(index + 1)], 'Group split');
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
            What you would accept for “{entry.item.title}”, best first ({wants.length})
          </h4>
          {wants.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line p-3 text-sm text-muted">
              Nothing yet: search the entries and add what you would take.
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
                    aria-label={`Select ${label(element)}`}
                    checked={selected.has(index)}
                    onChange={(e) => {
                      const next = new Set(selected);
                      if (e.target.checked) next.add(index);
                      else next.delete(index);
                      setSelected(next);
                    }}
                    className="size-4"
                  />
                  <span className="w-6 text-right font-semibold tabular-nums">{index + 1}.</span>
                  <span className="min-w-0 flex-1 break-words">{label(element)}</span>
                  <span className="flex gap-1">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Move ${label(element)} up`}
                      disabled={index === 0}
                      onClick={() => moveTo(index, index - 1)}
                    >
                      <ArrowUp className="size-4" aria-hidden />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Move ${label(element)} down`}
                      disabled={index === wants.length - 1}
                      onClick={() => moveTo(index, index + 1)}
                    >
                      <ArrowDown className="size-4" aria-hidden />
                    </Button>
                    {Array.isArray(element) && (
                      <Button size="sm" variant="ghost" onClick={() => split(index)}>
                        Split
                      </Button>
                    )}
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove ${label(element)}`}
                      onClick={() => remove(index)}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          <p className="text-sm text-muted">
            Drag to reorder, or focus a row and press Alt+↑ / Alt+↓. Select several and group them
            when any one of them will do: you receive at most one of a group.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() =>
                save.mutate(
                  { entryId: entry.id, wants },
                  { onSuccess: () => setAnnouncement('Want list saved') },
                )
              }
              disabled={save.isPending}
            >
              {save.isPending ? 'Saving…' : `Save wants for ${entry.item.title}`}
            </Button>
            <Button variant="outline" onClick={group} disabled={selected.size < 2}>
              Group selected as “any of these”
            </Button>
          </div>
          {save.isSuccess && (
            <p className="text-sm font-medium text-green-800" role="status">
              Saved.
            </p>
          )}
          {save.error && (
            <p className="text-sm font-medium text-danger" role="alert">
              {save.error.message}
            </p>
          )}
        </section>
        <section className="flex flex-col gap-2" aria-label={`Add entries for ${entry.item.title}`}>
          <label htmlFor={searchId} className="font-semibold">
            Search the other entries
          </label>
          <input
            id={searchId}
            type="search"
            className={inputClass}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Title or member"
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
                  Want all by {displayName(owner)}
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
                  <span className="text-sm text-muted">by {displayName(o.item.owner)}</span>
                </span>
                <Button size="sm" variant="outline" onClick={() => add([o.id])}>
                  Add <span className="sr-only">{o.item.title}</span>
                </Button>
              </li>
            ))}
            {results.length === 0 && <li className="text-sm text-muted">No entries to add.</li>}
          </ul>
        </section>
      </div>
    </div>
  );
}
