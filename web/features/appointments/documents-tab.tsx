import { Text } from '@mantine/core';

/**
 * The appointment's Documents tab. Placeholder until the documents feature provides
 * web/features/documents/patient-documents.tsx (PatientDocuments({ patientId, appointmentId })).
 */
export function DocumentsTab(_props: { patientId: number; appointmentId: number }) {
  return (
    <Text c="dimmed" py="md">
      Documentele pacientului vor fi disponibile in curand.
    </Text>
  );
}
