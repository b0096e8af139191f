/**
 * A feature's query keys, all under its root: `all` is the root (invalidating it reloads
 * everything the feature shows) and `under` builds the others from it, e.g.
 * `featureKeys('documents', (all) => ({ list: (page: number) => [...all, 'list', page] as const }))`.
 */
export function featureKeys<const Root extends string, Keys extends object>(
  root: Root,
  under: (all: readonly [Root]) => Keys,
) {
  const all = [root] as const;
  return { all, ...under(all) };
}
