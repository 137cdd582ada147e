import './lib/zod-setup';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom: router updates may ask for ReactDOM.flushSync (logout relies on it).
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router';
import { queryClient } from './lib/query-client';

// A transition makes the first render interruptible: React yields to the browser every few
// milliseconds instead of blocking the main thread for the whole first render (input stays
// responsive on slow phones; Lighthouse's Total Blocking Time).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
