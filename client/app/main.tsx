import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from '../features/pwa/service-worker';
import { Providers } from './providers';
import { AppRoutes, preloadPage } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRoutes />
      </Providers>
    </StrictMode>,
  );

// The first page's module (the server preloads it beside this one, client-app.ts) before the
// first render, so the page paints directly instead of after a 'Loading...' fallback. Should it
// fail to load, the router's own lazy loading shows the error as for any page.
preloadPage(window.location.pathname).then(render, render);

registerServiceWorker();
