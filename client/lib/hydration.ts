import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * `value` in every render but a hydration pass, where it is `asDrawn`: what the server drew
 * (client/app/prerender.tsx draws for a visitor whose signed-in state and site settings are not
 * known yet). React hydrates server HTML in passes: the shell first, then each Suspense boundary
 * (the page itself, in the root layout) at low priority, after the shell's effects have started
 * its queries. A query that answered in between (the signed-out /api/auth/user takes a few ms)
 * would make the page draw something else than its HTML, and React would throw the HTML away and
 * draw the whole page again. useSyncExternalStore gives its server snapshot in a hydration pass;
 * once hydrated, React renders again only where `value` differs from `asDrawn` (when nothing has
 * answered yet, nowhere: no extra render at start-up). Both must keep their identity between
 * renders while unchanged.
 */
export function useAsDrawnWhileHydrating<T>(value: T, asDrawn: T): T {
  return useSyncExternalStore(
    nothingToWatch,
    () => value,
    () => asDrawn,
  );
}
