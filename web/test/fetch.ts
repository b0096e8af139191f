/**
 * The network of a component test, stubbed where the app meets it: `globalThis.fetch`. Each
 * route answers what the server would (typed with domain/'s reply types by the test); every
 * call is recorded, and a call no route expects fails the test with its URL.
 */
import { vi } from 'vitest';

export type FetchCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Reply = ((call: FetchCall) => unknown) | Record<string, unknown>;

/** `routes`: `'GET /appointment/doctors'` (the path without `/api`, no query) to the answer's JSON. */
export function stubFetch(routes: Record<string, Reply>) {
  const calls: FetchCall[] = [];
  const unexpected: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const key = `${method} ${path}`;
    if (!(key in routes)) {
      unexpected.push(`${key}${url.search}`);
      return new Response(JSON.stringify({ status: 0, message: `no stub for ${key}` }), { status: 404 });
    }
    const route = routes[key];
    const answer = typeof route === 'function' ? route(call) : route;
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The calls made to one route, in order. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    unexpected,
  };
}
