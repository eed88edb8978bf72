/**
 * Whether `#root` holds the HTML the server drew for this very page (client/app/prerender.tsx;
 * marked with its path, and drawn only for a bare path): the app then waits for it to paint and
 * takes it over. Anywhere else (another path, a query string, a kept offline shell opened on
 * another path) the app starts at once and draws the page itself.
 */
export function isDrawnPage(
  root: HTMLElement | null,
  { pathname, search }: Pick<Location, 'pathname' | 'search'> = window.location,
): boolean {
  return root?.dataset.prerendered === pathname && search === '' && root.firstElementChild !== null;
}
