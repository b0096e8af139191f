/**
 * SPEC §9: the only elements consultation text may keep. The server sanitises with it before
 * storing (server/platform/sanitize.ts) and the browser again before showing (safe-html.tsx).
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'div',
  'pre',
] as const;
