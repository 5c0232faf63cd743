/**
 * Lets code outside React components (the global error handler) navigate.
 * The router registers itself here when it is created.
 */
export interface AppNavigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** One page back; to the start page when there is no page to go back to. */
  back(): void;
}

let current: AppNavigator | null = null;

export function registerNavigator(nav: AppNavigator | null): void {
  current = nav;
}

export function appNavigate(to: string, options?: { replace?: boolean }): void {
  current?.navigate(to, options);
}

export function appBack(): void {
  current?.back();
}

/** react-router keeps the index of the history entry in history.state.idx. */
export function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}
