import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isTimeoutError } from './api';
import { handleGlobalError } from './errors';

export interface AppMeta extends Record<string, unknown> {
  /** false: the caller shows this error itself; the global handler stays silent. */
  globalErrorHandling?: boolean;
  /** true: the caller attaches validationErrors to its fields; no global validation warning. */
  handleValidation?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/** 4xx answers are final, and so is a timeout (asking again would keep the user waiting twice as long); only network trouble is tried again, once. */
export function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError || isTimeoutError(error)) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.globalErrorHandling === false) return;
        handleGlobalError(error, { handleValidation: query.meta?.handleValidation });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.globalErrorHandling === false) return;
        handleGlobalError(error, { handleValidation: mutation.meta?.handleValidation });
      },
    }),
    defaultOptions: {
      queries: {
        retry,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
