/**
 * Handlers that start fetching lazily loaded code when the pointer or the focus reaches the
 * control that opens it, so it is usually there by the click.
 */
export const prefetchOnApproach = (load: () => Promise<unknown>) => ({
  onPointerEnter: () => void load(),
  onFocus: () => void load(),
});
