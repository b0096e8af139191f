import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A write that reloads what it changed: every query under `keys`, once the write succeeded
 * (`onSuccess`) or whatever its outcome (`onSettled`: a refusal may mean the data moved on
 * meanwhile). The mutation resolves after the reload, so a caller sees fresh data.
 */
export function useReloadingMutation<V = void, R = unknown>(
  mutationFn: (v: V) => Promise<R>,
  keys: readonly QueryKey[],
  when: 'onSuccess' | 'onSettled' = 'onSuccess',
) {
  const qc = useQueryClient();
  const reload = () => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    onSuccess: when === 'onSuccess' ? reload : undefined,
    onSettled: when === 'onSettled' ? reload : undefined,
  });
}
