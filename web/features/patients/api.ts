/** Query hooks of the patient area (SPEC §7 `/patients...`); every write reloads what it changed. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedUrlReply } from '../../../domain/api';
import type { AppointmentDoctorsReply, AppointmentStatusesReply } from '../../../domain/appointment-replies';
import type { ConsultationSection } from '../../../domain/consultations';
import type { Icd10Reply } from '../../../domain/icd10';
import type { LetterActionReply, LetterRequestInput, LetterStateReply } from '../../../domain/letter';
import type {
  EditPatient,
  EntryUpdatedReply,
  LetterSavedReply,
  NewPatient,
  PatientCreatedReply,
  PatientFilters,
  PatientListReply,
  PatientReply,
  PatientUpdateReply,
} from '../../../domain/patients';
import { api } from '../../lib/api';

export const PATIENTS_KEY = ['patients'] as const;

export type PatientListParams = { filters: PatientFilters; page: number; perPage: number };

export function usePatients(p: PatientListParams) {
  return useQuery({
    queryKey: [...PATIENTS_KEY, 'list', p],
    queryFn: () =>
      api.get<PatientListReply>('/patients', {
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
    queryFn: () => api.get<PatientReply>(`/patients/${id}`).then((r) => r.patient),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}

/** Custom statuses and doctors for the list's column filters; failures leave the lists empty. */
export function useFilterOptions() {
  const statuses = useQuery({
    queryKey: ['appointment-statuses'],
    queryFn: () => api.get<AppointmentStatusesReply>('/appointment/statuses').then((r) => r.data),
    staleTime: 5 * 60_000,
  });
  const doctors = useQuery({
    queryKey: ['appointment-doctors'],
    queryFn: () => api.get<AppointmentDoctorsReply>('/appointment/doctors').then((r) => r.data),
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
    mutationFn: (body: NewPatient | Record<string, unknown>) =>
      api.post<PatientCreatedReply>('/patients', body),
    onSuccess: invalidate,
  });
}

export function useUpdatePatient(patientId: number) {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (body: EditPatient | Record<string, unknown>) =>
      api.put<PatientUpdateReply>('/patients', { ...body, patientId }),
    onSuccess: invalidate,
  });
}

export type SectionSave = { consultationTitle: string } & Partial<Record<ConsultationSection, string>>;

export function useSaveConsultation(patientId: number) {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (body: SectionSave) => api.put<PatientUpdateReply>('/patients', { ...body, patientId }),
    onSuccess: invalidate,
  });
}

export function useUpdateEntry(patientId: number) {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (b: { id: number; content: string }) =>
      api.put<EntryUpdatedReply>(`/patients/${patientId}/consultations/${b.id}`, { ...b, patientId }),
    onSuccess: invalidate,
  });
}

export function useSaveLetter(patientId: number) {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: (b: { guid: string; content: string }) =>
      api.post<LetterSavedReply>(`/patients/${patientId}/consultation-letter`, b),
    onSuccess: invalidate,
  });
}

/** Asks for the short-lived signed URL of a letter; the caller navigates to it. */
export function letterUrl(patientId: number, guid: string) {
  return api.get<SignedUrlReply>(`/patients/${patientId}/consultation-letter/${guid}`).then((r) => r.url);
}

// ------------------------------------------------------------------ medical letter (national model)

export const letterKeys = {
  state: (patientId: number, guid: string) => [...PATIENTS_KEY, 'letter', patientId, guid] as const,
  icd10: (q: string) => ['icd10', q] as const,
};

const letterPath = (patientId: number, guid: string) => `/patients/${patientId}/consultation-letter/${guid}`;

export const getLetterState = (patientId: number, guid: string) =>
  api.get<LetterStateReply>(`${letterPath(patientId, guid)}/state`);
export const letterStateQuery = (patientId: number, guid: string) =>
  queryOptions({
    queryKey: letterKeys.state(patientId, guid),
    queryFn: () => getLetterState(patientId, guid),
    // While the e-mail waits in the outbox, look again: the state turns to sent (or failed).
    refetchInterval: (q) => (q.state.data?.letter?.delivery?.state === 'pending' ? 3000 : false),
  });
export const useLetterState = (patientId: number, guid: string) =>
  useQuery(letterStateQuery(patientId, guid));

/** The diagnosis picker's search (GET /api/misc/icd10): code or Romanian words, without diacritics too. */
export const searchIcd10 = (q: string) =>
  api.get<Icd10Reply>('/misc/icd10', { q, limit: 20 }).then((r) => r.data);
export const icd10Query = (q: string) =>
  queryOptions({
    queryKey: letterKeys.icd10(q),
    queryFn: () => searchIcd10(q),
    enabled: q.trim().length > 0,
    staleTime: 60 * 60_000,
  });
export const useIcd10Search = (q: string) => useQuery(icd10Query(q));

/** Generate, sign and send: each reloads the letter's state and the patient (documents, lock). */
function useLetterAction<T>(patientId: number, guid: string, run: (v: T) => Promise<LetterActionReply>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (reply) => {
      qc.setQueryData(letterKeys.state(patientId, guid), (old: LetterStateReply | undefined) =>
        old ? { ...old, letter: reply.letter } : old,
      );
      return qc.invalidateQueries({ queryKey: PATIENTS_KEY });
    },
  });
}

export const useGenerateLetter = (patientId: number, guid: string) =>
  useLetterAction(patientId, guid, (body: LetterRequestInput) =>
    api.post<LetterActionReply>(letterPath(patientId, guid), body),
  );
export const useSignLetter = (patientId: number, guid: string) =>
  useLetterAction(patientId, guid, () =>
    api.post<LetterActionReply>(`${letterPath(patientId, guid)}/sign`, {}),
  );

export function useSendLetter(patientId: number, guid: string) {
  return useLetterAction(patientId, guid, () =>
    api.post<LetterActionReply>(`${letterPath(patientId, guid)}/send`, {}),
  );
}
