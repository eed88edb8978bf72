import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppToaster } from '../components/ui/app-toaster';
import { I18nProvider } from '../lib/use-i18n';

/**
 * The app's providers around `children`. The query client comes made (main.tsx), already holding
 * what the HTML inlined: made during a render instead, it would be made again whenever React
 * discards an unfinished render (a hydration in slices can be restarted), and the second one would
 * find the inlined data gone (it is read once), so the page would draw 'Loading...' over the
 * server's listing and hydration would fail.
 */
export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          {children}
          <AppToaster />
        </BrowserRouter>
      </QueryClientProvider>
    </I18nProvider>
  );
}
