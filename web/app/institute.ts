import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export type Institute = { name: string; tagline: string; contactEmail: string; gdprProtocolUrl: string };

/** Institute name, tagline and public contacts (configuration; public). */
export function useInstitute() {
  return useQuery({
    queryKey: ['institute'],
    queryFn: async () => {
      const { status: _s, ...rest } = await api.get<Institute & { status: 1 }>('/misc/institute');
      return rest as Institute;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
