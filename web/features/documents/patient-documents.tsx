/**
 * The Documents tab of a patient (and of an appointment, for its patient): the upload form and
 * the patient's documents (SPEC §2). Rendered by the patient and appointment detail pages.
 */
import { Card, Divider, Stack, Title } from '@mantine/core';
import { useDocuments } from './api';
import { DocumentList } from './document-list';
import classes from './documents.module.css';
import { UploadForm } from './upload-form';

export function PatientDocuments({
  patientId,
  appointmentId,
}: {
  patientId: number;
  appointmentId?: number;
}) {
  const list = useDocuments({ patient_id: patientId }, 1, 100, patientId > 0);
  return (
    <Stack gap="md" data-testid="patient-documents">
      <Card withBorder padding="md">
        <Title order={3} size="h5" mb="sm">
          Încarcă document
        </Title>
        <UploadForm patientId={patientId} appointmentId={appointmentId} />
      </Card>
      <Divider label={<span className={classes.meta}>Documente încărcate</span>} labelPosition="left" />
      <DocumentList documents={list.data?.documents ?? []} loading={list.isLoading} />
    </Stack>
  );
}
