/** Query hooks of the patient area (SPEC §7 `/patients...`); every write reloads what it changed. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageMeta } from '../../../domain/api';
import type { ConsultationSection } from '../../../domain/consultations';
import type {
  EditPatient,
  NewPatient,
  PatientDetail,
  PatientFilters,
  PatientListItem,
} from '../../../domain/patients';
import { api } from '../../lib/api';

export const PATIENTS_KEY = ['patients'] as const;

export type PatientListParams = { filters: PatientFilters; page: number; perPage: number };

export function usePatients(p: PatientListParams) {
  return useQuery({
    queryKey: [...PATIENTS_KEY, 'list', p],
    queryFn: () =>
      api.get<{ _meta: PageMeta; patients: PatientListItem[] }>('/patients', {
        filters: JSON.stringify(p.filters),
        page: p.page,
        perPage: p.perPage,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePatient(id: number) {
  return useQuery({
    queryKey: [...PATIENTS_KEY, 'detail', id],
    queryFn: () => api.get<{ patient: PatientDetail }>(`/patients/${id}`).then((r) => r.patient),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}

/** Custom statuses and doctors for the list's column filters; failures leave the lists empty. */
export function useFilterOptions() {
  const statuses = useQuery({
    queryKey: ['appointment-statuses'],
    queryFn: () =>
      api.get<{ data: { id: number; title: string }[] }>('/appointment/statuses').then((r) => r.data),
    staleTime: 5 * 60_000,
  });
  const doctors = useQuery({
    queryKey: ['appointment-doctors'],
    queryFn: () =>
      api.get<{ data: { id: string; name: string }[] }>('/appointment/doctors').then((r) => r.data),
    staleTime: 5 * 60_000,
  });
  return { statuses: statuses.data ?? [], doctors: doctors.data ?? [] };
}

function useInvalidatePatients() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: PATIENTS_KEY });
}

export function useCreatePatient() {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (body: NewPatient | Record<string, unknown>) => api.post<{ id: number }>('/patients', body),
    onSuccess: invalidate,
  });
}

export function useUpdatePatient(patientId: number) {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (body: EditPatient | Record<string, unknown>) => api.put('/patients', { ...body, patientId }),
    onSuccess: invalidate,
  });
}

export type SectionSave = { consultationTitle: string } & Partial<Record<ConsultationSection, string>>;

export function useSaveConsultation(patientId: number) {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (body: SectionSave) =>
      api.put<{ consultation: { guid: string } }>('/patients', { ...body, patientId }),
    onSuccess: invalidate,
  });
}

export function useUpdateEntry(patientId: number) {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (b: { id: number; content: string }) =>
      api.put<{ content: string }>(`/patients/${patientId}/consultations/${b.id}`, { ...b, patientId }),
    onSuccess: invalidate,
  });
}

export function useSaveLetter(patientId: number) {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (b: { guid: string; content: string }) =>
      api.post(`/patients/${patientId}/consultation-letter`, b),
    onSuccess: invalidate,
  });
}

/** Asks for the short-lived signed URL of a letter; the caller navigates to it. */
export function letterUrl(patientId: number, guid: string) {
  return api.get<{ url: string }>(`/patients/${patientId}/consultation-letter/${guid}`).then((r) => r.url);
}

export function useSendLetter(patientId: number) {
  return useMutation({
    mutationFn: (guid: string) =>
      api.post<{ message: string }>(`/patients/${patientId}/consultation-letter/${guid}/send`, {}),
  });
}
