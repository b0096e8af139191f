/** Privacy data: TanStack Query hooks over /api/privacy/... */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageMeta } from '../../../domain/api';
import type { ConsentText, ConsentTextInput, PatientPrivacy, RetentionItem } from '../../../domain/privacy';
import { api, buildUrl } from '../../lib/api';

const KEY = ['privacy'] as const;
/** The patients feature's query key: an anonymised patient must be reloaded everywhere. */
const PATIENTS = ['patients'] as const;
type Done = { status: 1; message: string };

/** The ZIP download (a plain link: the browser sends the session cookie and saves the file). */
export const exportUrl = (patientId: number) => buildUrl(`/privacy/patients/${patientId}/export`);

export function usePatientPrivacy(patientId: number) {
  return useQuery({
    queryKey: [...KEY, 'patient', patientId],
    queryFn: () => api.get<{ status: 1; privacy: PatientPrivacy }>(`/privacy/patients/${patientId}`),
    select: (r) => r.privacy,
    enabled: patientId > 0,
  });
}

export function useWithdrawConsent(patientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (consentId: number) =>
      api.post<Done>(`/privacy/patients/${patientId}/consents/${consentId}/withdraw`),
    onSettled: () => qc.invalidateQueries({ queryKey: [...KEY, 'patient', patientId] }),
  });
}

export function useAnonymise(patientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) =>
      api.post<Done>(`/privacy/patients/${patientId}/anonymise`, { confirmation }),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: KEY });
      await qc.invalidateQueries({ queryKey: PATIENTS });
    },
  });
}

export type RetentionPage = {
  status: 1;
  retention_years: number;
  cutoff: string;
  _meta: PageMeta;
  data: RetentionItem[];
};

export function useRetentionDue(page: number, perPage: number) {
  return useQuery({
    queryKey: [...KEY, 'retention', page, perPage],
    queryFn: () => api.get<RetentionPage>('/privacy/retention-due', { page, perPage }),
    placeholderData: keepPreviousData,
  });
}

export function useConsentTexts() {
  return useQuery({
    queryKey: [...KEY, 'consent-texts'],
    queryFn: () => api.get<{ status: 1; data: ConsentText[] }>('/privacy/consent-texts'),
    select: (r) => r.data,
  });
}

export function useCreateConsentText() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsentTextInput) => api.post<Done>('/privacy/consent-texts', input),
    onSettled: () => qc.invalidateQueries({ queryKey: [...KEY, 'consent-texts'] }),
  });
}
