/**
 * A rich-text editor limited to what SPEC §9 keeps (paragraphs, bold, italic, underline, lists,
 * headings): no links, quotes, rules or code, so what the doctor sees is what gets stored.
 * Loaded by rich-text-field.tsx when an editor is first shown (tiptap is most of its weight).
 */
import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

import type { RichTextFieldProps } from './rich-text-field';

/** The toolbar's names, read by screen readers and shown as tooltips (Mantine's are English). */
const TOOLBAR_LABELS = {
  boldControlLabel: 'Aldin',
  italicControlLabel: 'Cursiv',
  underlineControlLabel: 'Subliniat',
  clearFormattingControlLabel: 'Șterge formatarea',
  h3ControlLabel: 'Titlu de nivelul 3',
  h4ControlLabel: 'Titlu de nivelul 4',
  bulletListControlLabel: 'Listă cu puncte',
  orderedListControlLabel: 'Listă numerotată',
  undoControlLabel: 'Anulează',
  redoControlLabel: 'Refă',
};

export default function RichTextEditorField({ label, value, onChange, minHeight }: RichTextFieldProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        code: false,
        codeBlock: false,
        heading: { levels: [3, 4] },
      }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        spellcheck: 'true',
        lang: 'ro',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // Content replaced from outside (e.g. cleared after a reset, or a draft restored) reaches the
  // editor. An editor being replaced (tiptap destroys the old one) has no schema left to read.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <RichTextEditor editor={editor} styles={{ content: { minHeight } }} labels={TOOLBAR_LABELS}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
