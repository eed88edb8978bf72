import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppToaster } from '../components/ui/app-toaster';
import { createQueryClient } from '../lib/query-client';
import { seedInitialData } from './initial-data';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => seedInitialData(createQueryClient()));
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {children}
        <AppToaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
