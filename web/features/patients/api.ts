/**
 * The patient area's door (SPEC §7 `/patients...`: patients, consultations, letters) and the
 * letter's diagnosis search. Each resource: a fetcher, its queryOptions (one key of
 * `patientKeys`) and the hook; every write reloads what it changed.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedUrlReply } from '../../../domain/api';
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
import { featureKeys } from '../../lib/query-keys';
import { useReloadingMutation } from '../../lib/reloading-mutation';

export type PatientListParams = { filters: PatientFilters; page: number; perPage: number };

export const patientKeys = featureKeys('patients', (all) => ({
  list: (p: PatientListParams) => [...all, 'list', p] as const,
  detail: (id: number) => [...all, 'detail', id] as const,
  letter: (patientId: number, guid: string) => [...all, 'letter', patientId, guid] as const,
  /** Outside `all`: a patient's write does not change the diagnoses (hours-long cache). */
  icd10: (q: string) => ['icd10', q] as const,
}));

// ------------------------------------------------------------------ patients

export const getPatients = (p: PatientListParams) =>
  api.get<PatientListReply>('/patients', {
    filters: JSON.stringify(p.filters),
    page: p.page,
    perPage: p.perPage,
  });
export const patientsQuery = (p: PatientListParams) =>
  queryOptions({
    queryKey: patientKeys.list(p),
    queryFn: () => getPatients(p),
    placeholderData: keepPreviousData,
  });
export const usePatients = (p: PatientListParams) => useQuery(patientsQuery(p));

export const getPatient = (id: number) => api.get<PatientReply>(`/patients/${id}`).then((r) => r.patient);
export const patientQuery = (id: number) =>
  queryOptions({
    queryKey: patientKeys.detail(id),
    queryFn: () => getPatient(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
export const usePatient = (id: number) => useQuery(patientQuery(id));

/** A patient write reloads every patient query (list, detail, letters). */
const usePatientWrite = <V, R>(fn: (v: V) => Promise<R>) => useReloadingMutation(fn, [patientKeys.all]);

export const createPatient = (body: NewPatient | Record<string, unknown>) =>
  api.post<PatientCreatedReply>('/patients', body);
export const useCreatePatient = () => usePatientWrite(createPatient);

export type SectionSave = { consultationTitle: string } & Partial<Record<ConsultationSection, string>>;

/** PUT /patients: the patient's details (edit modal) or a consultation's sections (consultation form). */
export const updatePatient = (patientId: number, body: EditPatient | SectionSave | Record<string, unknown>) =>
  api.put<PatientUpdateReply>('/patients', { ...body, patientId });

export const useUpdatePatient = (patientId: number) =>
  usePatientWrite((body: EditPatient | Record<string, unknown>) => updatePatient(patientId, body));

export const useSaveConsultation = (patientId: number) =>
  usePatientWrite((body: SectionSave) => updatePatient(patientId, body));

export const updateEntry = (patientId: number, b: { id: number; content: string }) =>
  api.put<EntryUpdatedReply>(`/patients/${patientId}/consultations/${b.id}`, { ...b, patientId });
export const useUpdateEntry = (patientId: number) =>
  usePatientWrite((b: { id: number; content: string }) => updateEntry(patientId, b));

export const saveLetter = (patientId: number, b: { guid: string; content: string }) =>
  api.post<LetterSavedReply>(`/patients/${patientId}/consultation-letter`, b);
export const useSaveLetter = (patientId: number) =>
  usePatientWrite((b: { guid: string; content: string }) => saveLetter(patientId, b));

/** Asks for the short-lived signed URL of a letter; the caller navigates to it. */
export function letterUrl(patientId: number, guid: string) {
  return api.get<SignedUrlReply>(`/patients/${patientId}/consultation-letter/${guid}`).then((r) => r.url);
}

// ------------------------------------------------------------------ medical letter (national model)

const letterPath = (patientId: number, guid: string) => `/patients/${patientId}/consultation-letter/${guid}`;

export const getLetterState = (patientId: number, guid: string) =>
  api.get<LetterStateReply>(`${letterPath(patientId, guid)}/state`);
export const letterStateQuery = (patientId: number, guid: string) =>
  queryOptions({
    queryKey: patientKeys.letter(patientId, guid),
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
    queryKey: patientKeys.icd10(q),
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
      qc.setQueryData(patientKeys.letter(patientId, guid), (old: LetterStateReply | undefined) =>
        old ? { ...old, letter: reply.letter } : old,
      );
      return qc.invalidateQueries({ queryKey: patientKeys.all });
    },
  });
}

export const generateLetter = (patientId: number, guid: string, body: LetterRequestInput) =>
  api.post<LetterActionReply>(letterPath(patientId, guid), body);
export const useGenerateLetter = (patientId: number, guid: string) =>
  useLetterAction(patientId, guid, (body: LetterRequestInput) => generateLetter(patientId, guid, body));

export const signLetter = (patientId: number, guid: string) =>
  api.post<LetterActionReply>(`${letterPath(patientId, guid)}/sign`, {});
export const useSignLetter = (patientId: number, guid: string) =>
  useLetterAction(patientId, guid, () => signLetter(patientId, guid));

/** `again`: the letter was sent already and the user confirmed sending it once more. */
export const sendLetter = (patientId: number, guid: string, again = false) =>
  api.post<LetterActionReply>(`${letterPath(patientId, guid)}/send`, again ? { again } : {});
export const useSendLetter = (patientId: number, guid: string) =>
  useLetterAction(patientId, guid, (again: boolean | undefined) => sendLetter(patientId, guid, again));
