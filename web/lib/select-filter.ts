/**
 * How every searchable select (Select, MultiSelect, Autocomplete) matches typed text: without
 * regard to case and diacritics (ș/ş/s, ț/ţ/t, ă/â/a, î/i), with the same `foldText` the server's
 * search uses, so "brasov" finds "Brașov" (issue 22). Set once, as the theme's default `filter`.
 */
import type { ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { foldText } from '../../domain/text';

export const foldFilter: OptionsFilter = ({ options, search, limit }) => {
  const query = foldText(search);
  const found: ComboboxParsedItem[] = [];
  for (const option of options) {
    if (found.length >= limit) break;
    if ('group' in option) {
      const items = foldFilter({ options: option.items, search, limit: limit - found.length });
      if (items.length > 0) found.push({ group: option.group, items: items as typeof option.items });
    } else if (foldText(option.label).includes(query)) {
      found.push(option);
    }
  }
  return found;
};
