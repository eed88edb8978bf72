import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppToaster } from '../components/ui/app-toaster';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes, preloadPage } from './router';

/**
 * The HTML of a public page as the client's first render draws it for a visitor whose signed-in
 * state is still loading (the header says 'Loading...', no query has answered), at a phone's
 * width. scripts/prerender.mjs runs this at build time for the home and browse pages; the server puts it in
 * `#root` and main.tsx hydrates it, so the page paints from the HTML and CSS alone.
 * The tree matches main.tsx's (Providers: the routes, then the toaster) so that ids match.
 */
export async function prerender(pathname: string): Promise<string> {
  await preloadPage(pathname);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <StaticRouter location={pathname}>
          <AppRoutes />
          <AppToaster />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
