import {
  IconFile,
  IconFileSpreadsheet,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconPhoto,
} from '@tabler/icons-react';
import { documentIconKind } from '../../../domain/documents';

const ICONS = {
  pdf: { Icon: IconFileTypePdf, color: 'var(--mantine-color-red-7)', label: 'PDF' },
  word: { Icon: IconFileTypeDoc, color: 'var(--mantine-color-blue-7)', label: 'Document' },
  sheet: { Icon: IconFileSpreadsheet, color: 'var(--mantine-color-green-7)', label: 'Tabel' },
  image: { Icon: IconPhoto, color: 'var(--mantine-color-grape-7)', label: 'Imagine' },
  file: { Icon: IconFile, color: 'var(--mantine-color-gray-7)', label: 'Fișier' },
} as const;

/** The file-type icon of SPEC §9. */
export function DocumentIcon({ type, size = 22 }: { type: string; size?: number }) {
  const kind = documentIconKind(type);
  const { Icon, color, label } = ICONS[kind];
  return (
    <Icon size={size} color={color} aria-label={`${label} (${type})`} data-icon-kind={kind} stroke={1.6} />
  );
}
