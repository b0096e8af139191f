import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Institute, InstituteReply } from '../../domain/misc';
import { api } from '../lib/api';

export type { Institute };

const INSTITUTE_KEY = ['institute'] as const;

async function fetchInstitute(): Promise<Institute> {
  const { status: _s, ...rest } = await api.get<InstituteReply>('/misc/institute');
  return rest;
}

/**
 * The server names the institute in index.html (`<meta name="institute">`, JSON; see
 * server/platform/spa-index.ts): put into the cache before the first render, so the pages show
 * the name at once and nothing moves when it would otherwise arrive.
 */
export function seedInstitute(client: QueryClient, content: string | null | undefined) {
  if (!content) return;
  try {
    client.setQueryData(INSTITUTE_KEY, JSON.parse(content) as Institute);
  } catch {
    /* not JSON: fetched as before */
  }
}

/**
 * Institute name, tagline and public contacts (configuration; public), fetched once and kept in
 * the query cache. Deliberately without `useQuery`: the public pages' first load is budgeted
 * (DESIGN §7) and this is all they need from TanStack Query's observer.
 */
export function useInstitute(): { data: Institute | undefined } {
  const client = useQueryClient();
  const [data, setData] = useState(() => client.getQueryData<Institute>(INSTITUTE_KEY));
  useEffect(() => {
    if (data) return;
    let alive = true;
    client
      .fetchQuery({ queryKey: INSTITUTE_KEY, queryFn: fetchInstitute, staleTime: Number.POSITIVE_INFINITY })
      .then((d) => alive && setData(d))
      .catch(() => {
        /* the pages work without it: the name and tagline stay empty */
      });
    return () => {
      alive = false;
    };
  }, [client, data]);
  return { data };
}

/** The institute, with the tab's title set to `title - institute name` (`title` alone until it loads). */
export function useInstituteTitle(title: string): { data: Institute | undefined } {
  const institute = useInstitute();
  const name = institute.data?.name;
  useEffect(() => {
    document.title = name ? `${title} - ${name}` : title;
  }, [title, name]);
  return institute;
}
