import { createBrowserRouter } from 'react-router-dom';
import { canGoBack, registerNavigator } from '@/lib/navigation';
import { routes } from './routes';

/**
 * The basename keeps its trailing slash ('/eAbwasser/', Vite's base), so the start page is
 * always /eAbwasser/ — the server's canonical address — and never /eAbwasser.
 */
export const ROUTER_BASENAME = import.meta.env.BASE_URL;

export function createAppRouter() {
  const bare = ROUTER_BASENAME.replace(/\/$/, '');
  if (window.location.pathname === bare) {
    window.history.replaceState(window.history.state, '', ROUTER_BASENAME + window.location.search + window.location.hash);
  }
  const router = createBrowserRouter(routes, { basename: ROUTER_BASENAME });
  registerNavigator({
    navigate: (to, options) => void router.navigate(to, options),
    back: () => void (canGoBack() ? router.navigate(-1) : router.navigate('/', { replace: true })),
  });
  return router;
}
