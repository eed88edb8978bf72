import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { registerServiceWorker } from '../features/pwa/service-worker';
import { activateLocale, pageLocale } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { isDrawnPage } from './drawn-page';
import { seedInitialData } from './initial-data';
import { Providers } from './providers';
import { AppRoutes, preloadPage } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <Providers queryClient={seedInitialData(createQueryClient())}>
      <AppRoutes />
    </Providers>
  </StrictMode>
);

/**
 * The server sends the home, browse and item pages drawn in their HTML (client/app/prerender.tsx):
 * React takes such a page over (hydrates) instead of drawing it again; anywhere else the client
 * renders from scratch (isDrawnPage).
 */
const render = () => {
  if (isDrawnPage(root)) {
    // As a transition, React hydrates in slices of a few milliseconds, yielding to the browser
    // (a tap or a scroll) between them instead of one long task (issue 19 §4, TBT).
    startTransition(() => {
      hydrateRoot(root, app, {
        // React recovers from a mismatch by drawing the page again; say where it was.
        onRecoverableError: (error, info) => console.error(error, info.componentStack ?? ''),
      });
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
};

// The page's language (unless English: its app part and the parts the start chunk's screens
// need) and the first page's module (preloaded with the app, client-app.ts) with its own parts,
// in parallel, before the first render, so the page paints directly, in the words the server
// drew it with, instead of after a 'Loading...' fallback. The language is asked for first, so
// that the page's preload fetches its parts in that language (loadNeededParts). Should the page
// fail to load, the router's own lazy loading shows the error as for any page; should the
// catalog's app part, the page is drawn in English.
const locale = activateLocale(pageLocale());
Promise.allSettled([locale, preloadPage(window.location.pathname)]).then(render);

registerServiceWorker();
