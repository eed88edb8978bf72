import { QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY, useCurrentUser } from '../features/auth/api/current-user';
import { useSiteConfig } from '../features/site/api/site-config';
import { createQueryClient } from './query-client';

let renders = 0;

function Visitor() {
  renders++;
  const { user, isLoading } = useCurrentUser();
  const { siteName } = useSiteConfig();
  if (isLoading) return <button type="button">Loading</button>;
  return <a href="/auth">{user ? `Hello ${user.firstName}` : `Sign in to ${siteName}`}</a>;
}

const tree = (client = createQueryClient()) => (
  <QueryClientProvider client={client}>
    <Visitor />
  </QueryClientProvider>
);

/** The HTML the server draws: nobody signed in yet, default settings. */
function drawnByTheServer(): HTMLDivElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree());
  return container;
}

describe('taking over server-drawn HTML', () => {
  it('draws what the server drew even when the signed-in state and settings have loaded', async () => {
    const container = drawnByTheServer();
    expect(container.textContent).toBe('Loading');

    // The shell's queries answered before React reached this part of the page.
    const client = createQueryClient();
    client.setQueryData(CURRENT_USER_KEY, null);
    client.setQueryData(['/api/config'], {
      siteName: 'Tauschbörse',
      socialUrl: 'https://example.org/',
      tileUrl: 'https://tile.example.org/{z}/{x}/{y}.png',
      federation: true,
    });
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, tree(client), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    // Then the page shows what the client knows.
    expect(container.textContent).toBe('Sign in to Tauschbörse');
  });

  it('does not draw again after hydrating when nothing has answered yet', async () => {
    const container = drawnByTheServer();
    // The signed-in query is still on its way (it never answers here).
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renders = 0;
    await act(async () => {
      hydrateRoot(container, tree());
    });
    vi.unstubAllGlobals();
    expect(container.textContent).toBe('Loading');
    // One render to hydrate: a start-up render more on a phone is a long task more.
    expect(renders).toBe(1);
  });
});
