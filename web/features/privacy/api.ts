/** Privacy data: TanStack Query hooks over /api/privacy/... */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnonymisedReply,
  ConsentTextCreatedReply,
  ConsentTextInput,
  ConsentTextsReply,
  ConsentWithdrawnReply,
  PatientPrivacyReply,
  RetentionReply,
} from '../../../domain/privacy';
import { api, buildUrl } from '../../lib/api';

const KEY = ['privacy'] as const;
/** The patients feature's query key: an anonymised patient must be reloaded everywhere. */
const PATIENTS = ['patients'] as const;

/** The ZIP download (a plain link: the browser sends the session cookie and saves the file). */
export const exportUrl = (patientId: number) => buildUrl(`/privacy/patients/${patientId}/export`);

export function usePatientPrivacy(patientId: number) {
  return useQuery({
    queryKey: [...KEY, 'patient', patientId],
    queryFn: () => api.get<PatientPrivacyReply>(`/privacy/patients/${patientId}`),
    select: (r) => r.privacy,
    enabled: patientId > 0,
  });
}

export function useWithdrawConsent(patientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (consentId: number) =>
      api.post<ConsentWithdrawnReply>(`/privacy/patients/${patientId}/consents/${consentId}/withdraw`),
    onSettled: () => qc.invalidateQueries({ queryKey: [...KEY, 'patient', patientId] }),
  });
}

export function useAnonymise(patientId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) =>
      api.post<AnonymisedReply>(`/privacy/patients/${patientId}/anonymise`, { confirmation }),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: KEY });
      await qc.invalidateQueries({ queryKey: PATIENTS });
    },
  });
}

export function useRetentionDue(page: number, perPage: number) {
  return useQuery({
    queryKey: [...KEY, 'retention', page, perPage],
    queryFn: () => api.get<RetentionReply>('/privacy/retention-due', { page, perPage }),
    placeholderData: keepPreviousData,
  });
}

export function useConsentTexts() {
  return useQuery({
    queryKey: [...KEY, 'consent-texts'],
    queryFn: () => api.get<ConsentTextsReply>('/privacy/consent-texts'),
    select: (r) => r.data,
  });
}

export function useCreateConsentText() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsentTextInput) =>
      api.post<ConsentTextCreatedReply>('/privacy/consent-texts', input),
    onSettled: () => qc.invalidateQueries({ queryKey: [...KEY, 'consent-texts'] }),
  });
}
