import { LocateFixed, MapPin, Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.browse';
import {
  DEFAULT_RADIUS_KM,
  isListingMode,
  type ListingMode,
  RADIUS_CHOICES_KM,
} from '../../../../shared/item-display';
import { NEAR_MAX_LENGTH } from '../../../../shared/limits';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import type { BrowseSearch } from '../../../lib/browse-params';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useSiteConfig } from '../../site/api/site-config';

addMessages('browse', englishMessages);

/** The browser's position, rounded to about a kilometre before it leaves the page. */
export function roundedPosition(position: { coords: { latitude: number; longitude: number } }) {
  const { latitude, longitude } = position.coords;
  return `${latitude.toFixed(2)},${longitude.toFixed(2)}`;
}

type Fields = {
  term: string;
  near: string;
  radiusKm: number;
  sort: 'newest' | 'distance';
  scope: 'everywhere' | 'local';
  mode: 'all' | ListingMode;
};

const fieldsOf = (s: BrowseSearch): Fields => ({
  term: s.search ?? '',
  near: s.near ?? '',
  radiusKm: s.radiusKm ?? DEFAULT_RADIUS_KM,
  sort: s.sort ?? 'newest',
  scope: s.scope ?? 'everywhere',
  mode: s.mode ?? 'all',
});

/**
 * Search words plus the Near control: a town (or the browser's location, with consent), a radius
 * and nearest-first; whose listings: every community's this one follows (the default) or this
 * community's only; and which kind: all (the default), swaps or free ones (give-aways). Submits
 * the whole search; the category stays as the page has it.
 */
export function BrowseSearchForm({
  value,
  onSearch,
}: {
  value: BrowseSearch;
  onSearch: (next: BrowseSearch) => void;
}) {
  const [fields, setFields] = useState(() => fieldsOf(value));
  const [locating, setLocating] = useState(false);
  // Which of the two reasons the browser gave no location, drawn in the page's language.
  const [locateError, setLocateError] = useState<'' | 'browse.noGeolocation' | 'browse.noPosition'>(
    '',
  );
  const { _, locale } = useI18n();
  const { federation } = useSiteConfig();
  const ids = {
    near: useId(),
    radius: useId(),
    sort: useId(),
    locate: useId(),
    scope: useId(),
    mode: useId(),
  };
  const set = (patch: Partial<Fields>) => setFields((f) => ({ ...f, ...patch }));
  // The bare /browse comes pre-rendered (client/app/prerender.tsx): what was typed or chosen in
  // the form before React took it over is in the DOM only (React leaves a hydrated field's value
  // alone, but would reset it to the state on the next render). The fields are controlled, so
  // once React runs the DOM and the state agree; until then the DOM is the truth.
  const form = useRef<HTMLFormElement>(null);
  const typedFields = (): Partial<Fields> => {
    const field = (id: string) =>
      form.current?.querySelector<HTMLInputElement | HTMLSelectElement>(`[id="${id}"]`)?.value;
    const typed = {
      term: field('search-items'),
      near: field(ids.near),
      radiusKm: Number(field(ids.radius)) || undefined,
      sort: field(ids.sort) as Fields['sort'] | undefined,
      scope: field(ids.scope) as Fields['scope'] | undefined,
      mode: field(ids.mode) as Fields['mode'] | undefined,
    };
    return Object.fromEntries(Object.entries(typed).filter(([, v]) => v !== undefined));
  };
  // The URL is the truth once it changes: following a link or going back refills the form. Not
  // on mount: the state starts from the URL already, and what was typed before React ran stays.
  const { search, near, radiusKm, sort, scope, mode } = value;
  const shownUrl = useRef(JSON.stringify([search, near, radiusKm, sort, scope, mode]));
  useEffect(() => {
    const url = JSON.stringify([search, near, radiusKm, sort, scope, mode]);
    if (url === shownUrl.current) return;
    shownUrl.current = url;
    setFields(fieldsOf({ search, near, radiusKm, sort, scope, mode }));
  }, [search, near, radiusKm, sort, scope, mode]);
  // Until React runs, the form is a plain GET form to /browse (named fields, Search enabled), so
  // Enter in the pre-rendered page searches even before the scripts arrive; SPEC §3's disabled
  // Search on a blank field applies from then on. Both in one layout effect, before any frame is
  // drawn: a frame with Search disabled beside typed words would block Enter.
  const [interactive, setInteractive] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration.
  useLayoutEffect(() => {
    setFields((f) => ({ ...f, ...typedFields() }));
    setInteractive(true);
  }, []);

  const submit = (f: Fields) => {
    const place = f.near.trim();
    onSearch({
      search: f.term.trim() || undefined,
      categoryId: value.categoryId,
      near: place || undefined,
      radiusKm: place ? f.radiusKm : undefined,
      sort: place && f.sort === 'distance' ? 'distance' : undefined,
      scope: f.scope === 'local' ? 'local' : undefined,
      mode: isListingMode(f.mode) ? f.mode : undefined,
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Enter pressed while React hydrates reaches this handler before any effect has copied the
    // typed words into the state: read them where they are.
    submit({ ...fields, ...typedFields() });
  };
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocateError('browse.noGeolocation');
      return;
    }
    setLocating(true);
    setLocateError('');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const next = { ...fields, near: roundedPosition(position) };
        setFields(next);
        submit(next);
      },
      () => {
        setLocating(false);
        setLocateError('browse.noPosition');
      },
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  };
  const hasPlace = fields.near.trim() !== '';
  // Where to look and what kind apply at once, like a category: browsing needs no words.
  const applyAtOnce = (patch: Partial<Fields>) => {
    const next = { ...fields, ...typedFields(), ...patch };
    setFields(next);
    submit(next);
  };

  return (
    <form
      ref={form}
      action="/browse"
      method="get"
      onSubmit={onSubmit}
      className="mb-5 flex flex-col gap-3"
    >
      {value.categoryId !== undefined && (
        <input type="hidden" name="categoryId" value={value.categoryId} />
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="search-items" className="sr-only">
          {_('browse.searchLabel')}
        </label>
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id="search-items"
            name="search"
            type="search"
            value={fields.term}
            onChange={(e) => set({ term: e.target.value })}
            placeholder={_('browse.searchPlaceholder')}
            className={cn(inputClass, 'h-12 ps-10')}
          />
        </div>
        <div className="flex gap-2">
          <Button
            type="submit"
            size="lg"
            disabled={interactive && !fields.term.trim() && !hasPlace}
            className="flex-1 sm:flex-none"
          >
            {_('browse.search')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="lg"
            className="flex-1 sm:flex-none"
            onClick={() => {
              // Like the category, where to look and what kind stay: Clear empties what was typed.
              const cleared = { ...fieldsOf({}), scope: fields.scope, mode: fields.mode };
              setFields(cleared);
              setLocateError('');
              submit(cleared);
            }}
          >
            <X className="size-4" aria-hidden /> {_('browse.clear')}
          </Button>
        </div>
      </div>
      <fieldset className="flex flex-col gap-2 rounded-xl border border-line bg-white p-3 sm:flex-row sm:flex-wrap sm:items-end">
        <legend className="sr-only">{_('browse.near')}</legend>
        <div className="min-w-0 sm:flex-1">
          <label htmlFor={ids.near} className="mb-1 block text-sm font-medium">
            {_('browse.near')}
          </label>
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <MapPin
                className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
                aria-hidden
              />
              <input
                id={ids.near}
                name="near"
                value={fields.near}
                maxLength={NEAR_MAX_LENGTH}
                autoComplete="address-level2"
                onChange={(e) => set({ near: e.target.value })}
                placeholder={_('browse.nearPlaceholder')}
                aria-describedby={locateError ? ids.locate : undefined}
                className={cn(inputClass, 'ps-9')}
              />
            </div>
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="h-11 w-11 shrink-0"
              onClick={locate}
              disabled={locating}
              aria-label={_('browse.useLocation')}
              title={_('browse.useLocation')}
            >
              <LocateFixed className={cn('size-5', locating && 'animate-pulse')} aria-hidden />
            </Button>
          </div>
        </div>
        <div className="flex gap-2">
          <div className="flex-1 sm:w-32 sm:flex-none">
            <label htmlFor={ids.radius} className="mb-1 block text-sm font-medium">
              {_('browse.within')}
            </label>
            <select
              id={ids.radius}
              name="radiusKm"
              value={fields.radiusKm}
              onChange={(e) => set({ radiusKm: Number(e.target.value) })}
              className={inputClass}
            >
              {RADIUS_CHOICES_KM.map((km) => (
                <option key={km} value={km}>
                  {_('browse.km', { km: formatCount(km, locale) })}
                </option>
              ))}
            </select>
          </div>
          <div className="flex-1 sm:w-40 sm:flex-none">
            <label htmlFor={ids.sort} className="mb-1 block text-sm font-medium">
              {_('browse.sort')}
            </label>
            <select
              id={ids.sort}
              name="sort"
              value={hasPlace ? fields.sort : 'newest'}
              disabled={!hasPlace}
              onChange={(e) => set({ sort: e.target.value as Fields['sort'] })}
              className={inputClass}
            >
              <option value="newest">
                {fields.term.trim() ? _('browse.bestMatch') : _('browse.newest')}
              </option>
              <option value="distance">{_('browse.nearest')}</option>
            </select>
          </div>
        </div>
        {locateError && (
          <p id={ids.locate} role="alert" className="text-sm font-medium text-danger sm:basis-full">
            {_(locateError)}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
          <label htmlFor={ids.mode} className="shrink-0 text-sm font-medium">
            {_('browse.type')}
          </label>
          {/* Named only when it says something, like the scope below. */}
          <select
            id={ids.mode}
            name={fields.mode === 'all' ? undefined : 'mode'}
            value={fields.mode}
            onChange={(e) => applyAtOnce({ mode: e.target.value as Fields['mode'] })}
            className={cn(inputClass, 'h-10 w-auto min-w-0 flex-1 sm:w-40 sm:flex-none')}
          >
            <option value="all">{_('browse.typeAll')}</option>
            <option value="swap">{_('browse.typeSwaps')}</option>
            <option value="giveaway">{_('browse.typeFree')}</option>
          </select>
        </div>
        {/* A site that does not federate has only its own listings: nothing to choose. */}
        {federation && (
          <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
            <label htmlFor={ids.scope} className="shrink-0 text-sm font-medium">
              {_('browse.from')}
            </label>
            {/* Named only when it says something: a search from everywhere keeps its old
                address, also when the pre-rendered form is sent before React runs. */}
            <select
              id={ids.scope}
              name={fields.scope === 'local' ? 'scope' : undefined}
              value={fields.scope}
              onChange={(e) => applyAtOnce({ scope: e.target.value as Fields['scope'] })}
              className={cn(inputClass, 'h-10 w-auto min-w-0 flex-1 sm:max-w-60 sm:flex-none')}
            >
              <option value="everywhere">{_('browse.everywhere')}</option>
              <option value="local">{_('browse.local')}</option>
            </select>
          </div>
        )}
      </div>
    </form>
  );
}
