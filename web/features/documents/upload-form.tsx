/**
 * The one document upload form (SPEC §2, §5): title, a file by drag-and-drop or click (only the
 * first file is used, a refused type shows a hint), 'Required' under what is missing, and a
 * progress bar while it uploads. Used by the patient and appointment Documents tabs and by the
 * documents area's 'Add new' modal, which also asks for the patient.
 */
import { Button, Group, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MESSAGES,
  documentUploadFormSchema,
  fileExtension,
  isAcceptedExtension,
} from '../../../domain/documents';
import { pickerLabel } from '../../../domain/privacy';
import { ApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useDocumentPatients, useUploadDocument } from './api';
import classes from './documents.module.css';
import { type DropState, FileDropZone, type FileRejection } from './file-drop-zone';

type Props = {
  /** The patient the document belongs to; omitted when the form asks for one. */
  patientId?: number;
  appointmentId?: number;
  onUploaded?: (id: number) => void;
};

/** The multipart fields by their names, so the server's field errors land under the same fields. */
type Values = { title: string; patient_id: string | null; document: File | null };

function PatientSelect({
  value,
  onChange,
  error,
  onTyping,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  error?: ReactNode;
  onTyping: () => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const patients = useDocumentPatients(debounced);
  const data = (patients.data?.data ?? []).map((p) => ({
    value: String(p.id),
    label: pickerLabel(p),
  }));
  return (
    <Select
      label="Pacient"
      placeholder="Căutați pacientul după nume"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Șterge pacientul' }}
      withAsterisk
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={(v) => {
        setSearch(v);
        onTyping();
      }}
      // The server already searched (without diacritics); keep its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={patients.isFetching ? 'Se caută...' : 'Nici un pacient găsit'}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The zone's icon and words: what a drop would do now, or the chosen file's name. */
function DropZoneContent({ state, chosen }: { state: DropState; chosen: File | null }) {
  return (
    <Group justify="center" gap="md" mih={90} wrap="nowrap">
      {state === 'accept' && (
        <IconUpload size={36} color="var(--mantine-primary-color-filled)" stroke={1.5} />
      )}
      {state === 'reject' && <IconX size={36} color="var(--mantine-color-red-6)" stroke={1.5} />}
      {state === 'idle' && <IconFileUpload size={36} color="var(--mantine-color-dimmed)" stroke={1.5} />}
      <div>
        {state === 'accept' && <Text fw={500}>Eliberați fișierul pentru a-l adăuga</Text>}
        {state === 'reject' && (
          <Text c="red" fw={500}>
            {DOCUMENT_MESSAGES.invalidType}
          </Text>
        )}
        {state === 'idle' && (
          <>
            <Text fw={500}>
              {chosen ? chosen.name : 'Trageți fișierul aici sau faceți click pentru a-l alege'}
            </Text>
            <Text size="xs" className={classes.meta} mt={4}>
              Imagini, pdf, doc, docx, xls, xlsx, csv, ppt, pptx, odt, rtf
            </Text>
          </>
        )}
      </div>
    </Group>
  );
}

export function UploadForm({ patientId, appointmentId, onUploaded }: Props) {
  const empty: Values = {
    title: '',
    patient_id: patientId === undefined ? null : String(patientId),
    document: null,
  };
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: empty,
    validate: schemaResolver(documentUploadFormSchema, { sync: true }),
  });
  const [invalidType, setInvalidType] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadDocument();
  const choosePatient = patientId === undefined;

  const pick = (f: File) => {
    setInvalidType(false);
    form.setFieldValue('document', f);
  };

  const onDrop = (files: File[]) => {
    if (files[0]) pick(files[0]);
  };

  // Several files at once are all "too many" for a single-file zone: the first is used when
  // that is its only fault; a file of a refused type shows the hint instead.
  const onReject = (rejections: FileRejection[]) => {
    const first = rejections[0];
    if (
      first?.errors.every((e) => e.code === 'too-many-files') &&
      isAcceptedExtension(fileExtension(first.file.name))
    ) {
      pick(first.file);
      return;
    }
    form.setFieldValue('document', null);
    setInvalidType(true);
  };

  const submit = form.onSubmit((values) => {
    // Valid here: the schema refused a missing file.
    if (!values.document) return;
    setProgress(0);
    upload.mutate(
      {
        title: values.title.trim(),
        // The page's patient when the form belongs to one (it may have changed since the form was made).
        patientId: patientId ?? Number(values.patient_id),
        appointmentId,
        file: values.document,
        onProgress: setProgress,
      },
      {
        onSuccess: (res) => {
          notifySuccess(DOCUMENT_MESSAGES.uploaded);
          form.setValues(empty);
          form.clearErrors();
          onUploaded?.(res.id);
        },
        onError: (err) => {
          const fieldErrors = err instanceof ApiError ? err.errors : undefined;
          if (fieldErrors?.document || fieldErrors?.title || fieldErrors?.patient_id)
            form.setErrors(fieldErrors);
          else form.setErrors({ document: err.message });
        },
        onSettled: () => setProgress(null),
      },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="Titlu"
          placeholder="ex. Bilet de externare"
          withAsterisk
          {...form.getInputProps('title')}
          maxLength={200}
        />
        {choosePatient && (
          <PatientSelect
            value={form.values.patient_id}
            onChange={(v) => form.setFieldValue('patient_id', v)}
            error={form.errors.patient_id}
            onTyping={() => form.clearFieldError('patient_id')}
          />
        )}
        <div>
          <FileDropZone
            onDrop={onDrop}
            onReject={onReject}
            accept={DOCUMENT_ACCEPT}
            disabled={upload.isPending}
            invalid={Boolean(form.errors.document)}
            label="Fișier"
            testId="document-dropzone"
          >
            {(state) => <DropZoneContent state={state} chosen={form.values.document} />}
          </FileDropZone>
          {invalidType && (
            <Text c="red" size="sm" mt={4} role="alert">
              {DOCUMENT_MESSAGES.invalidType}
            </Text>
          )}
          {form.errors.document && (
            <Text c="red" size="sm" mt={4} role="alert">
              {form.errors.document}
            </Text>
          )}
        </div>
        {progress !== null && (
          <Progress value={progress} animated striped aria-label="Progres încărcare" size="md" />
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
            Încarcă
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
