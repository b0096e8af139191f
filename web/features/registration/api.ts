/** Calls of the public pages: counties, the date check and the request itself. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StatesReply } from '../../../domain/misc';
import type { ConsentTextAnswer, RegistrationAnswer } from '../../../domain/registration';
import { ApiError, api } from '../../lib/api';

/** GET /misc/states: the 42 counties (public, cached for the session). */
export function useStates() {
  return useQuery({
    queryKey: ['misc', 'states'],
    queryFn: async () => (await api.get<StatesReply>('/misc/states')).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

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

const CONSENT_TEXT_KEY = ['registration', 'consent-text'];
type ConsentText = Pick<ConsentTextAnswer, 'version' | 'text'>;

/**
 * GET /appointment/consent-text: the text the patient agrees to now, and its version (sent with
 * the request so the consent records exactly what was shown).
 */
export function useConsentText() {
  return useQuery({
    queryKey: CONSENT_TEXT_KEY,
    queryFn: async (): Promise<ConsentText> => {
      const { version, text } = await api.get<ConsentTextAnswer>('/appointment/consent-text');
      return { version, text };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The consent text as the form sends it: its version read at the moment of sending, and a reload
 * when the server says it changed. Not a subscription, so the text's arrival re-renders only the
 * part of the form that shows it (docs/decisions/0066-public-form-first-render.md).
 */
export function useConsentTextAtSend() {
  const client = useQueryClient();
  return {
    version: () => client.getQueryData<ConsentText>(CONSENT_TEXT_KEY)?.version,
    reload: () => client.refetchQueries({ queryKey: CONSENT_TEXT_KEY }),
  };
}
