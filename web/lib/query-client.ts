import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

export const CURRENT_USER_KEY = ['current-user'] as const;

/** Client errors are answers, not glitches: retrying a 400/403/404 only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  let client: QueryClient;
  // A 401 anywhere means the session ended (idle timeout, sign-out elsewhere): re-check the
  // current user, whose guard then sends the browser to the login page and back afterwards.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    }
  };
  client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== CURRENT_USER_KEY[0]) onError(error);
      },
    }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
