import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * True while React takes over HTML the server drew (client/app/prerender.tsx), false in every
 * other render. The server draws for a visitor whose signed-in state and site settings are not
 * known yet, and React hydrates that HTML in passes: the shell first, then each Suspense boundary
 * (the page itself, in the root layout) at low priority, after the shell's effects have started
 * its queries. A query that answered in between (the signed-out /api/auth/user takes a few ms)
 * would make the page draw something else than its HTML, and React would throw the HTML away and
 * draw the whole page again (a hydration error, and the item page's longest task). Values read
 * through this hook stay what the server drew during hydration: useSyncExternalStore gives the
 * server snapshot in a hydration pass, then React renders again with the client's.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => false,
    () => true,
  );
}
