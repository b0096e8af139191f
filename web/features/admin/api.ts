/** Administration data: TanStack Query hooks over /api/admin/... (superadmins; the outbox also admins). */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCalendarListReply,
  AdminSettings,
  AdminStatusListReply,
  AuditActionsReply,
  AuditFilters,
  AuditListReply,
  AvailabilityInput,
  CalendarInput,
  CreatedReply,
  SettingsReply,
  SettingsSavedReply,
  StaffInvite,
  StaffInvitedReply,
  StaffListReply,
  StaffUpdate,
  StatusInput,
  UnavailableDaysInput,
} from '../../../domain/admin';
import type { MessageReply } from '../../../domain/api';
import type { OutboxFilters, OutboxListReply, OutboxSummaryReply } from '../../../domain/outbox';
import { api, buildUrl } from '../../lib/api';

const KEY = ['admin'] as const;
/** What an admin write answers: its message, and the id of what it created. */
type Done = MessageReply & { id?: CreatedReply['id'] | StaffInvitedReply['id'] };

/** A mutation that reloads one admin area afterwards. */
function useAdminMutation<V>(area: string, fn: (v: V) => Promise<Done>, alsoInvalidate: string[][] = []) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: [...KEY, area] });
      for (const k of alsoInvalidate) await qc.invalidateQueries({ queryKey: k });
    },
  });
}

// ------------------------------------------------------------------ staff

export function useStaff() {
  return useQuery({
    queryKey: [...KEY, 'staff'],
    queryFn: () => api.get<StaffListReply>('/admin/staff'),
    select: (r) => r.data,
  });
}

export const useInviteStaff = () =>
  useAdminMutation('staff', (v: StaffInvite) => api.post<StaffInvitedReply>('/admin/staff', v));
export const useUpdateStaff = () =>
  useAdminMutation('staff', ({ id, ...patch }: StaffUpdate & { id: string }) =>
    api.patch<MessageReply>(`/admin/staff/${encodeURIComponent(id)}`, patch),
  );

export type StaffAction = 'deactivate' | 'reactivate' | 'reset-2fa' | 'invite';
export const useStaffAction = () =>
  useAdminMutation('staff', ({ id, action }: { id: string; action: StaffAction }) =>
    api.post<MessageReply>(`/admin/staff/${encodeURIComponent(id)}/${action}`),
  );

export function useSettings() {
  return useQuery({
    queryKey: [...KEY, 'settings'],
    queryFn: () => api.get<SettingsReply>('/admin/settings'),
    select: (r) => r.data,
  });
}

export const useSaveSettings = () =>
  useAdminMutation('settings', (v: AdminSettings) => api.put<SettingsSavedReply>('/admin/settings', v));

// ------------------------------------------------------------------ calendars

export function useAdminCalendars() {
  return useQuery({
    queryKey: [...KEY, 'calendars'],
    queryFn: () => api.get<AdminCalendarListReply>('/admin/calendars'),
    select: (r) => r.data,
  });
}

// The back-office calendar lists and the appointment pickers read calendars too.
const calendarReaders = [['calendars'], ['appointments']];

export const useSaveCalendar = () =>
  useAdminMutation(
    'calendars',
    ({ id, ...v }: CalendarInput & { id?: number }) =>
      id ? api.put<MessageReply>(`/admin/calendars/${id}`, v) : api.post<CreatedReply>('/admin/calendars', v),
    calendarReaders,
  );
export const useDeleteCalendar = () =>
  useAdminMutation(
    'calendars',
    (id: number) => api.del<MessageReply>(`/admin/calendars/${id}`),
    calendarReaders,
  );

export const useSaveAvailability = () =>
  useAdminMutation(
    'calendars',
    ({ calendarId, id, ...v }: AvailabilityInput & { calendarId: number; id?: number }) =>
      id
        ? api.put<MessageReply>(`/admin/calendars/${calendarId}/availability/${id}`, v)
        : api.post<CreatedReply>(`/admin/calendars/${calendarId}/availability`, v),
    calendarReaders,
  );
export const useDeleteAvailability = () =>
  useAdminMutation(
    'calendars',
    ({ calendarId, id }: { calendarId: number; id: number }) =>
      api.del<MessageReply>(`/admin/calendars/${calendarId}/availability/${id}`),
    calendarReaders,
  );

export const useAddUnavailableDays = () =>
  useAdminMutation(
    'calendars',
    ({ calendarId, ...v }: UnavailableDaysInput & { calendarId: number }) =>
      api.post<CreatedReply>(`/admin/calendars/${calendarId}/unavailable-days`, v),
    calendarReaders,
  );
export const useDeleteUnavailableDays = () =>
  useAdminMutation(
    'calendars',
    ({ calendarId, id }: { calendarId: number; id: number }) =>
      api.del<MessageReply>(`/admin/calendars/${calendarId}/unavailable-days/${id}`),
    calendarReaders,
  );

// ------------------------------------------------------------------ statuses

export function useAdminStatuses() {
  return useQuery({
    queryKey: [...KEY, 'statuses'],
    queryFn: () => api.get<AdminStatusListReply>('/admin/statuses'),
    select: (r) => r.data,
  });
}

const statusReaders = [['appointments']];
export const useSaveStatus = () =>
  useAdminMutation(
    'statuses',
    ({ id, ...v }: StatusInput & { id?: number }) =>
      id ? api.put<MessageReply>(`/admin/statuses/${id}`, v) : api.post<CreatedReply>('/admin/statuses', v),
    statusReaders,
  );
export const useStatusAction = () =>
  useAdminMutation(
    'statuses',
    ({ id, action }: { id: number; action: 'hide' | 'unhide' | 'delete' }) =>
      action === 'delete'
        ? api.del<MessageReply>(`/admin/statuses/${id}`)
        : api.post<MessageReply>(`/admin/statuses/${id}/${action}`),
    statusReaders,
  );

// ------------------------------------------------------------------ audit

export function useAudit(filters: AuditFilters, page: number, perPage: number) {
  return useQuery({
    queryKey: [...KEY, 'audit', filters, page, perPage],
    queryFn: () =>
      api.get<AuditListReply>('/admin/audit', {
        filters: JSON.stringify(filters),
        page,
        perPage,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditActions() {
  return useQuery({
    queryKey: [...KEY, 'audit-actions'],
    queryFn: () => api.get<AuditActionsReply>('/admin/audit/actions'),
    select: (r) => r.data,
    staleTime: 60_000,
  });
}

/** The CSV export is a plain download link (the session cookie goes with it). */
export const auditExportUrl = (filters: AuditFilters) =>
  buildUrl('/admin/audit/export.csv', { filters: JSON.stringify(filters) });

// ------------------------------------------------------------------ outbox (superadmins and admins)

export const outboxKeys = {
  all: [...KEY, 'outbox'] as const,
  list: (filters: OutboxFilters, page: number, perPage: number) =>
    [...KEY, 'outbox', 'list', filters, page, perPage] as const,
  summary: [...KEY, 'outbox', 'summary'] as const,
};

export const getOutbox = (filters: OutboxFilters, page: number, perPage: number) =>
  api.get<OutboxListReply>('/admin/outbox', { filters: JSON.stringify(filters), page, perPage });
export const outboxQuery = (filters: OutboxFilters, page: number, perPage: number) =>
  queryOptions({
    queryKey: outboxKeys.list(filters, page, perPage),
    queryFn: () => getOutbox(filters, page, perPage),
    placeholderData: keepPreviousData,
  });
export const useOutbox = (filters: OutboxFilters, page: number, perPage: number) =>
  useQuery(outboxQuery(filters, page, perPage));

export const getOutboxSummary = () => api.get<OutboxSummaryReply>('/admin/outbox/summary');
export const outboxSummaryQuery = () =>
  queryOptions({ queryKey: outboxKeys.summary, queryFn: getOutboxSummary, staleTime: 60_000 });
/** The dashboard card's figure; only admins may ask (`enabled`). */
export const useOutboxSummary = (enabled: boolean) => useQuery({ ...outboxSummaryQuery(), enabled });

export type OutboxAction = 'retry' | 'cancel';
export function useOutboxAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: OutboxAction }) =>
      api.post<MessageReply>(`/admin/outbox/${id}/${action}`),
    onSettled: () => qc.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
