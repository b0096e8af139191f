/**
 * Rich text sanitising (SPEC §9): the authoritative server-side pass, run before consultation
 * content is stored. Only structure and emphasis survive; every attribute is dropped (so no
 * event handlers, styles, classes or URLs), links lose their tag but keep their text, and the
 * content of script-like elements is discarded entirely.
 */
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_TAGS } from '../../domain/rich-text';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  // Dropped with everything inside them, not just unwrapped.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
  ],
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
