/**
 * Consultation rich text rendered in the browser: sanitised again with DOMPurify and the SPEC §9
 * allow-list (the server already did it before storing; this guards against old or foreign data).
 */
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { RICH_TEXT_TAGS } from '../../../domain/rich-text';

const ALLOWED_TAGS = [...RICH_TEXT_TAGS];

export function cleanHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [], KEEP_CONTENT: true });
}

export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => cleanHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above with the allow-list
  return <Typography fz="sm" dangerouslySetInnerHTML={{ __html: clean }} />;
}
