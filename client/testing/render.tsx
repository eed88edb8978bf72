import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';
import { I18nProvider } from '../lib/use-i18n';

/**
 * Renders with the app's providers at `path`, as the route `route` (a pattern such as
 * `/item/:id`; `path` itself by default); other routes show their path so redirects can be seen.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', route = path.split('?')[0] }: { path?: string; route?: string } = {},
) {
  const queryClient = createQueryClient();
  return render(
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={<p data-testid="location">elsewhere</p>} />
          </Routes>
          <Toaster visibleToasts={1} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}
