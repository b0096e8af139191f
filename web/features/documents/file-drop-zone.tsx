/**
 * The area a document is dropped on or clicked to choose (SPEC §5). Built on react-dropzone 19,
 * the newest major that declares Node 20 (decision 0080; `@mantine/dropzone` 9.6+ needs Node 22),
 * and drawn like Mantine's own drop zone. Only one file is taken; refused files go to `onReject`.
 */
import type { ReactNode } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import classes from './file-drop-zone.module.css';

export type { FileRejection };

/** What the zone shows: a file of an accepted type is over it, a refused one, or neither. */
export type DropState = 'accept' | 'reject' | 'idle';

type Props = {
  accept: Record<string, string[]>;
  disabled: boolean;
  /** Draws the zone in the error colour (a required file is missing or was refused). */
  invalid: boolean;
  label: string;
  testId: string;
  onDrop: (files: File[]) => void;
  onReject: (rejections: FileRejection[]) => void;
  children: (state: DropState) => ReactNode;
};

export function FileDropZone({
  accept,
  disabled,
  invalid,
  label,
  testId,
  onDrop,
  onReject,
  children,
}: Props) {
  const { getRootProps, getInputProps, isDragActive, isDragAccept, isDragReject } = useDropzone({
    accept,
    multiple: false,
    disabled,
    onDropAccepted: onDrop,
    onDropRejected: onReject,
  });
  const state: DropState =
    isDragActive && isDragAccept ? 'accept' : isDragActive && isDragReject ? 'reject' : 'idle';
  // The file input sits beside the zone, not in it: a button must not hold another control.
  return (
    <>
      <div
        {...getRootProps({
          // A focusable area that opens the file dialog on click, Enter or Space is a button.
          role: 'button',
          'aria-label': label,
        })}
        className={`${classes.root} mantine-focus-auto`}
        data-state={state}
        data-invalid={invalid || undefined}
        data-disabled={disabled || undefined}
        data-testid={testId}
      >
        <div className={classes.inner}>{children(state)}</div>
      </div>
      <input {...getInputProps()} />
    </>
  );
}
