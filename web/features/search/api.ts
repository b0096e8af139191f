import { useQuery } from '@tanstack/react-query';
import { SEARCH_MAX_LENGTH, type SearchReply } from '../../../domain/search';
import { api } from '../../lib/api';

export function useSearch(q: string) {
  return useQuery({
    queryKey: ['search', q],
    queryFn: () => api.get<SearchReply>('/search', { q }).then((r) => r.patients),
    enabled: q.trim().length >= 2 && q.trim().length <= SEARCH_MAX_LENGTH,
  });
}
