/**
 * The self-service door (issue 15): the patient's page `/p/:token` and the staff's copy of an
 * appointment's link. Each resource: a fetcher, its queryOptions (one key of `selfServiceKeys`)
 * and the hook; replies typed from domain/.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  RescheduleRequest,
  SelfServiceReply,
  selfServiceActionReply,
} from '../../../domain/self-service';
import { api } from '../../lib/api';

type ActionReply = z.infer<typeof selfServiceActionReply>;
export type SelfServiceAction =
  | { action: 'confirm' }
  | { action: 'cancel' }
  | { action: 'accept' }
  | { action: 'decline' }
  | { action: 'reschedule-request'; body: RescheduleRequest };

export const selfServiceKeys = {
  page: (token: string) => ['self-service', token] as const,
  link: (appointmentId: number) => ['self-service', 'link', appointmentId] as const,
};
const path = (token: string) => `/self-service/${encodeURIComponent(token)}`;

export const getSelfService = (token: string) => api.get<SelfServiceReply>(path(token));
export const selfServiceQuery = (token: string) =>
  queryOptions({ queryKey: selfServiceKeys.page(token), queryFn: () => getSelfService(token), retry: false });
export const useSelfService = (token: string) => useQuery(selfServiceQuery(token));

/**
 * Confirm, cancel or ask for another date (an appointment's link), accept or decline (a waitlist
 * offer's link); the answer is the page as it is now.
 */
export const selfServiceAction = (token: string, a: SelfServiceAction) =>
  api.post<ActionReply>(`${path(token)}/${a.action}`, 'body' in a ? a.body : {});
export function useSelfServiceAction(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: SelfServiceAction) => selfServiceAction(token, a),
    onSuccess: (reply) => qc.setQueryData(selfServiceKeys.page(token), reply),
  });
}

/** Staff: an appointment's self-service link, to send by a messaging app (asking is audited). */
export const getPatientLink = (appointmentId: number) =>
  api.get<{ url: string }>(`/self-service/link/${appointmentId}`).then((r) => r.url);
export const patientLinkQuery = (appointmentId: number) =>
  queryOptions({
    queryKey: selfServiceKeys.link(appointmentId),
    queryFn: () => getPatientLink(appointmentId),
    staleTime: Number.POSITIVE_INFINITY,
  });
/** Asked only once the dialog that shows it opens (`enabled`). */
export const usePatientLink = (appointmentId: number, enabled: boolean) =>
  useQuery({ ...patientLinkQuery(appointmentId), enabled });
