import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {children}
        {/* SPEC §9: one toast visible at a time. */}
        <Toaster visibleToasts={1} position="top-center" richColors closeButton />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
