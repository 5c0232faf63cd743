import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { registerNavigator } from '@/lib/navigation';
import { createQueryClient } from '@/lib/queryClient';

/** Renders routes in a memory data router, wired like the app (navigator, query client). */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  registerNavigator({
    navigate: (to, o) => void router.navigate(to, o),
    back: () => void router.navigate(-1),
  });
  const queryClient = createQueryClient();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, ...utils };
}
