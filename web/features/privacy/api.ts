/**
 * The privacy door (`/privacy/...`). Each resource: a fetcher, its queryOptions (one key of
 * `privacyKeys`) and the hook; an anonymised patient is reloaded everywhere (the patients' key).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { featureKeys } from '../../lib/query-keys';
import { useReloadingMutation } from '../../lib/reloading-mutation';

export const privacyKeys = featureKeys('privacy', (all) => ({
  patient: (patientId: number) => [...all, 'patient', patientId] as const,
  retention: (page: number, perPage: number) => [...all, 'retention', page, perPage] as const,
  consentTexts: [...all, 'consent-texts'] as const,
}));

/** The ZIP download (a plain link: the browser sends the session cookie and saves the file). */
export const exportUrl = (patientId: number) => buildUrl(`/privacy/patients/${patientId}/export`);

export const getPatientPrivacy = (patientId: number) =>
  api.get<PatientPrivacyReply>(`/privacy/patients/${patientId}`);
export const patientPrivacyQuery = (patientId: number) =>
  queryOptions({
    queryKey: privacyKeys.patient(patientId),
    queryFn: () => getPatientPrivacy(patientId),
    select: (r) => r.privacy,
    enabled: patientId > 0,
  });
export const usePatientPrivacy = (patientId: number) => useQuery(patientPrivacyQuery(patientId));

export const withdrawConsent = (patientId: number, consentId: number) =>
  api.post<ConsentWithdrawnReply>(`/privacy/patients/${patientId}/consents/${consentId}/withdraw`);
export const useWithdrawConsent = (patientId: number) =>
  useReloadingMutation(
    (consentId: number) => withdrawConsent(patientId, consentId),
    [privacyKeys.patient(patientId)],
    'onSettled',
  );

export const anonymisePatient = (patientId: number, confirmation: string) =>
  api.post<AnonymisedReply>(`/privacy/patients/${patientId}/anonymise`, { confirmation });
export function useAnonymise(patientId: number, onChanged?: () => unknown) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) => anonymisePatient(patientId, confirmation),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: privacyKeys.all });
      await onChanged?.();
    },
  });
}

export const getRetentionDue = (page: number, perPage: number) =>
  api.get<RetentionReply>('/privacy/retention-due', { page, perPage });
export const retentionDueQuery = (page: number, perPage: number) =>
  queryOptions({
    queryKey: privacyKeys.retention(page, perPage),
    queryFn: () => getRetentionDue(page, perPage),
    placeholderData: keepPreviousData,
  });
export const useRetentionDue = (page: number, perPage: number) => useQuery(retentionDueQuery(page, perPage));

export const getConsentTexts = () => api.get<ConsentTextsReply>('/privacy/consent-texts');
export const consentTextsQuery = () =>
  queryOptions({ queryKey: privacyKeys.consentTexts, queryFn: getConsentTexts, select: (r) => r.data });
export const useConsentTexts = () => useQuery(consentTextsQuery());

export const createConsentText = (input: ConsentTextInput) =>
  api.post<ConsentTextCreatedReply>('/privacy/consent-texts', input);
export const useCreateConsentText = () =>
  useReloadingMutation(createConsentText, [privacyKeys.consentTexts], 'onSettled');
