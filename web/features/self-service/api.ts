/** Calls of the patient's self-service page `/p/:token` (issue 15); replies typed from domain/. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  RescheduleRequest,
  SelfServiceReply,
  selfServiceActionReply,
} from '../../../domain/self-service';
import { api } from '../../lib/api';

type ActionReply = z.infer<typeof selfServiceActionReply>;
const key = (token: string) => ['self-service', token] as const;
const path = (token: string) => `/self-service/${encodeURIComponent(token)}`;

export function useSelfService(token: string) {
  return useQuery({
    queryKey: key(token),
    queryFn: () => api.get<SelfServiceReply>(path(token)),
    retry: false,
  });
}

/**
 * Confirm, cancel or ask for another date (an appointment's link), accept or decline (a waitlist
 * offer's link); the answer is the page as it is now.
 */
export function useSelfServiceAction(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      a:
        | { action: 'confirm' }
        | { action: 'cancel' }
        | { action: 'accept' }
        | { action: 'decline' }
        | { action: 'reschedule-request'; body: RescheduleRequest },
    ) => api.post<ActionReply>(`${path(token)}/${a.action}`, 'body' in a ? a.body : {}),
    onSuccess: (reply) => qc.setQueryData(key(token), reply),
  });
}
