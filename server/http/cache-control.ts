/**
 * Whether a request's `Cache-Control` asks for an answer read afresh (`no-cache`, or `max-age=0`):
 * what a page kept per app server must then not answer (a browser's hard reload sends it too).
 */
export function asksForFresh(cacheControl: string | undefined): boolean {
  if (cacheControl === undefined) return false;
  return cacheControl
    .toLowerCase()
    .split(',')
    .some((directive) => ['no-cache', 'max-age=0'].includes(directive.trim()));
}
