/** Where to come back to after signing in: only our own back-office paths (no open redirect). */
export function safeNext(next: string | null | undefined): string {
  const ours = next === '/app' || next?.startsWith('/app/') || next?.startsWith('/app?');
  return ours && next ? next : '/app/dashboard';
}

export function loginPathFor(path: string): string {
  return `/user/login?next=${encodeURIComponent(path)}`;
}
