import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Locale } from '../../shared/i18n/locales';
import { translatorFor } from '../../shared/i18n/translators';
import type { Item } from '../../shared/items';
import { AppToaster } from '../components/ui/app-toaster';
import { itemKey } from '../features/items/api/items';
import { createQueryClient } from '../lib/query-client';
import { I18nProvider } from '../lib/use-i18n';
import { AppRoutes, preloadPage } from './router';

/**
 * The HTML of a public page as the client's first render draws it for a visitor whose signed-in
 * state is still loading (the header says 'Loading...', no other query has answered), at a phone's
 * width. scripts/prerender.mjs runs this at build time for the home and browse pages, and the
 * server per request for an item page, with `item` (the listing as GET /api/items/:id sends it,
 * which the page inlines too: client/app/initial-data.ts puts it into the client's cache, so its
 * first render draws the same). The server puts the HTML in `#root` and main.tsx hydrates it, so
 * the page paints from the HTML and CSS alone. `locale`: the language it is drawn in (issue 41).
 * The tree matches main.tsx's (Providers: the routes, then the toaster) so that ids match.
 */
export async function prerender(
  pathname: string,
  item?: Item,
  locale: Locale = 'en',
): Promise<string> {
  await preloadPage(pathname);
  const queryClient = createQueryClient();
  if (item) queryClient.setQueryData(itemKey(String(item.id)), item);
  return renderToString(
    <StrictMode>
      <I18nProvider translator={translatorFor(locale)}>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={pathname}>
            <AppRoutes />
            <AppToaster />
          </StaticRouter>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
}
