/**
 * The public form's door: the counties (`/misc/states`: the form is their only reader), the
 * proof-of-work challenge, the date check, the consent text and the request itself. Each
 * resource: a fetcher, its queryOptions (one key of `registrationKeys`) and the hook.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Challenge } from 'altcha-lib/types';
import type { StatesReply } from '../../../domain/misc';
import type { ClosedDaysAnswer, ConsentTextAnswer, RegistrationAnswer } from '../../../domain/registration';
import { ApiError, api } from '../../lib/api';

export const registrationKeys = {
  states: ['registration', 'states'] as const,
  closedDays: ['registration', 'closed-days'] as const,
  consentText: ['registration', 'consent-text'] as const,
};

/** GET /misc/states: the 42 counties (public, cached for the session). */
export const getStates = async () => (await api.get<StatesReply>('/misc/states')).data;
export const statesQuery = () =>
  queryOptions({
    queryKey: registrationKeys.states,
    queryFn: getStates,
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useStates = () => useQuery(statesQuery());

/** GET /appointment/challenge: the proof of work the request carries (proof-of-work.ts solves it). */
export const getChallenge = () =>
  api.get<{ status: 1; challenge: Challenge }>('/appointment/challenge').then((r) => r.challenge);

/**
 * GET /appointment/closed-days: the days besides weekends the public calendar does not take
 * (holidays, closures, full days), which the date picker does not offer. Fetched when the patient
 * comes to the date field, with the calendar's code; a day filled meanwhile is still refused
 * by the date check.
 */
export const getClosedDays = async () => (await api.get<ClosedDaysAnswer>('/appointment/closed-days')).closed;
export const closedDaysQuery = () =>
  queryOptions({ queryKey: registrationKeys.closedDays, queryFn: getClosedDays, staleTime: 5 * 60_000 });

export type DateCheck = { ok: true } | { ok: false; message: string };

/**
 * GET /appointment/check-register-date. A BAD day comes back as `status: 0` with HTTP 200,
 * which the API client raises as an ApiError with that status: it is an answer, not a failure.
 */
export async function checkRegisterDate(day: string): Promise<DateCheck> {
  try {
    await api.get('/appointment/check-register-date', { filters: JSON.stringify({ selected_date: day }) });
    return { ok: true };
  } catch (err) {
    if (err instanceof ApiError && err.status === 200) return { ok: false, message: err.message };
    throw err;
  }
}

export function submitRegistration(body: Record<string, unknown>) {
  return api.post<RegistrationAnswer>('/appointment', body);
}

type ConsentText = Pick<ConsentTextAnswer, 'version' | 'text'>;

/**
 * GET /appointment/consent-text: the text the patient agrees to now, and its version (sent with
 * the request so the consent records exactly what was shown).
 */
export const getConsentText = async (): Promise<ConsentText> => {
  const { version, text } = await api.get<ConsentTextAnswer>('/appointment/consent-text');
  return { version, text };
};
export const consentTextQuery = () =>
  queryOptions({
    queryKey: registrationKeys.consentText,
    queryFn: getConsentText,
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useConsentText = () => useQuery(consentTextQuery());

/**
 * The consent text as the form sends it: its version read at the moment of sending, and a reload
 * when the server says it changed. Not a subscription, so the text's arrival re-renders only the
 * part of the form that shows it (docs/decisions/0066-public-form-first-render.md).
 */
export function useConsentTextAtSend() {
  const client = useQueryClient();
  return {
    version: () => client.getQueryData<ConsentText>(registrationKeys.consentText)?.version,
    reload: () => client.refetchQueries({ queryKey: registrationKeys.consentText }),
  };
}
