import { defaultScheduler, notifyManager, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '../../features/auth/api/current-user';
import { createQueryClient } from '../../lib/query-client';
import { RootLayout } from './root-layout';

let pageRenders = 0;

function Page() {
  pageRenders++;
  return <h1>The page</h1>;
}

/** Runs `then` once the shell has committed and its effects have started its queries: the first moment they could answer. */
function ShellCommitted({ then }: { then: () => void }) {
  useEffect(() => queueMicrotask(then), [then]);
  return null;
}

const routes = (onShellCommitted: () => void) => (
  <Routes>
    <Route
      element={
        <>
          <ShellCommitted then={onShellCommitted} />
          <RootLayout isPublicPage={() => true} />
        </>
      }
    >
      <Route index element={<Page />} />
    </Route>
  </Routes>
);

let root: Root | undefined;

afterEach(() => {
  root?.unmount();
  root = undefined;
  notifyManager.setScheduler(defaultScheduler);
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('the root layout taking over server-drawn HTML', () => {
  it('leaves the page to hydrate in its own pass when the signed-in state answers first', async () => {
    const client = createQueryClient();
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(
      <QueryClientProvider client={client}>
        <StaticRouter location="/">{routes(() => {})}</StaticRouter>
      </QueryClientProvider>,
    );
    expect(container.querySelector('h1')?.textContent).toBe('The page');

    // Nothing answers by itself; the test answers the signed-in query when it chooses.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    notifyManager.setScheduler((callback) => callback());
    pageRenders = 0;
    delete document.documentElement.dataset.app;
    const whenAnswered = new Promise<{ pageRenders: number; header: string; app?: string }>(
      (resolve) => {
        const answer = () => {
          // The layout renders again at once (a store update is never time-sliced) ...
          flushSync(() => client.setQueryData(CURRENT_USER_KEY, null));
          resolve({
            pageRenders,
            header: container.querySelector('header')?.textContent ?? '',
            app: document.documentElement.dataset.app,
          });
        };
        startTransition(() => {
          root = hydrateRoot(
            container,
            <QueryClientProvider client={client}>
              <BrowserRouter>{routes(answer)}</BrowserRouter>
            </QueryClientProvider>,
          );
        });
      },
    );

    const answered = await whenAnswered;
    expect(answered.header).toContain('Sign in');
    // ... without taking the page, not hydrated yet, along in that one long task.
    expect(answered.pageRenders).toBe(0);
    // The shell alone does not mark the app as running: the page is still the server's HTML.
    expect(answered.app).toBeUndefined();
    // The page hydrates afterwards, in its own pass, as drawn, and then the document is marked.
    await vi.waitFor(() => expect(pageRenders).toBe(1));
    expect(container.querySelector('h1')?.textContent).toBe('The page');
    await vi.waitFor(() => expect(document.documentElement.dataset.app).toBe('running'));
  });
});
