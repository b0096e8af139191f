/**
 * The consultation and letter editors' field. The editor (tiptap, rich-text-editor.tsx) is a
 * chunk of its own, fetched when an editor is first shown, not with the patient page (it was
 * about a third of that page's first load); meanwhile a frame of the editor's size with a loader.
 */
import { Box, Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

export type RichTextFieldProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  minHeight?: number;
};

const RichTextEditorField = lazy(() => import('./rich-text-editor'));

/** Toolbar and borders above the content's own minimum height (measured: 159 px at 110). */
const FRAME_PX = 49;

export function RichTextField({ minHeight = 110, ...props }: RichTextFieldProps) {
  return (
    <Suspense
      fallback={
        <Box
          mih={minHeight + FRAME_PX}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <Center mih={minHeight + FRAME_PX - 2}>
            <Loader size="sm" aria-label={`Se încarcă editorul: ${props.label}`} />
          </Center>
        </Box>
      }
    >
      <RichTextEditorField minHeight={minHeight} {...props} />
    </Suspense>
  );
}
