/** The search door (SPEC §7 `/search`): a fetcher, its queryOptions (one key) and the hook. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_MAX_LENGTH, type SearchReply } from '../../../domain/search';
import { api } from '../../lib/api';

export const searchKeys = { results: (q: string) => ['search', q] as const };

export const searchPatients = (q: string) => api.get<SearchReply>('/search', { q }).then((r) => r.patients);
export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.results(q),
    queryFn: () => searchPatients(q),
    enabled: q.trim().length >= 2 && q.trim().length <= SEARCH_MAX_LENGTH,
  });
export const useSearch = (q: string) => useQuery(searchQuery(q));
