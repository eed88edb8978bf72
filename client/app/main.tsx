import './styles.css';
import { isDrawnPage } from './drawn-page';
import { makeHeldScriptsLive, yieldToBrowser } from './held-scripts';

/**
 * The entry, small on purpose. A page the server sent drawn (home and browse at build time, an
 * item per request: prerender.tsx) paints from its HTML alone, so the app's scripts are fetched
 * only once it has painted: the server leaves their preload links inert in
 * `<template id="after-paint">` (server/plugins/client-app.ts). On a slow connection the page's
 * text and photo then do not share the line with 120 KB of script, and on a slow phone the page
 * shows before any of it is evaluated. A page the server did not draw starts at once.
 */
const drawn = isDrawnPage(document.getElementById('root'));

/** The longest the app waits for a paint the browser does not report (a safety net). */
const PAINT_WAIT_CAP_MS = 3000;

/** Resolves once the page has painted its first text (at once in a tab nobody sees). */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // No paint timing: two frames on, the first has been drawn.
    return new Promise((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
    );
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(resolve, PAINT_WAIT_CAP_MS);
  });
}

(drawn ? afterFirstPaint() : Promise.resolve()).then(async () => {
  await makeHeldScriptsLive();
  // React's runtime is evaluated on its own, then the app: two tasks instead of one long one
  // that a tap would have to wait for.
  await import('react-dom/client');
  await yieldToBrowser();
  return import('./start');
});
