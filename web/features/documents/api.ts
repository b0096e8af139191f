/**
 * The documents area's door (SPEC §7 `/documents`). Each resource: a fetcher, its queryOptions
 * (one key of `documentKeys`) and the hook.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageReply, SignedUrlReply } from '../../../domain/api';
import type {
  DocumentFilters,
  DocumentListReply,
  DocumentPatientsReply,
  DocumentStatus,
  DocumentUploadedReply,
} from '../../../domain/documents';
import { api } from '../../lib/api';
import { featureKeys } from '../../lib/query-keys';
import { useReloadingMutation } from '../../lib/reloading-mutation';

export const documentKeys = featureKeys('documents', (all) => ({
  list: (filters: DocumentFilters, page: number, perPage: number) =>
    [...all, 'list', filters, page, perPage] as const,
  patients: (search: string) => [...all, 'patients', search] as const,
}));

/** Drops empty filter values so the server only sees what the user chose. */
function compact(filters: DocumentFilters): DocumentFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as DocumentFilters;
}

export const getDocuments = (filters: DocumentFilters, page: number, perPage: number) =>
  api.get<DocumentListReply>('/documents', { filters: JSON.stringify(filters), page, perPage });
export const documentsQuery = (filters: DocumentFilters, page: number, perPage: number) => {
  const f = compact(filters);
  return queryOptions({
    queryKey: documentKeys.list(f, page, perPage),
    queryFn: () => getDocuments(f, page, perPage),
    placeholderData: keepPreviousData,
  });
};
export const useDocuments = (filters: DocumentFilters, page: number, perPage: number, enabled = true) =>
  useQuery({ ...documentsQuery(filters, page, perPage), enabled });

/** The patient pickers of the documents area (filter and upload). */
export const getDocumentPatients = (search: string) =>
  api.get<DocumentPatientsReply>('/documents/patients', {
    filters: search ? JSON.stringify({ name: search }) : undefined,
  });
export const documentPatientsQuery = (name: string) => {
  const search = name.trim();
  return queryOptions({
    queryKey: documentKeys.patients(search),
    queryFn: () => getDocumentPatients(search),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};
export const useDocumentPatients = (name: string) => useQuery(documentPatientsQuery(name));

export type UploadInput = {
  title: string;
  patientId: number;
  appointmentId?: number;
  file: File;
  onProgress?: (percent: number) => void;
};

export const uploadDocument = ({ title, patientId, appointmentId, file, onProgress }: UploadInput) => {
  // The server checks the text fields before it stores any byte of the file: the file goes last.
  const form = new FormData();
  form.append('title', title);
  form.append('patient_id', String(patientId));
  if (appointmentId) form.append('appointment_id', String(appointmentId));
  form.append('document', file, file.name);
  return api.upload<DocumentUploadedReply>('/documents', form, onProgress);
};
export const useUploadDocument = () => useReloadingMutation(uploadDocument, [documentKeys.all]);

export const setDocumentStatus = ({
  id,
  status,
  appointmentId,
}: {
  id: number;
  status: DocumentStatus;
  appointmentId?: number;
}) => api.put<MessageReply>(`/documents/${id}`, { document_id: id, status, appointment_id: appointmentId });
export const useSetDocumentStatus = () => useReloadingMutation(setDocumentStatus, [documentKeys.all]);

export const deleteDocument = (id: number) => api.del<MessageReply>(`/documents/${id}`);
export const useDeleteDocument = () => useReloadingMutation(deleteDocument, [documentKeys.all]);

/** The short-lived signed URL of a document's file. */
export const getDocumentUrl = (id: number) =>
  api.get<SignedUrlReply>(`/documents/${id}/url`).then((r) => r.url);

/**
 * Opens a document in a new tab through its short-lived signed URL. The tab is opened at once
 * (inside the click) so pop-up blockers allow it, then pointed at the URL once it arrives.
 */
export async function openDocument(id: number): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const url = await getDocumentUrl(id);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (err) {
    tab?.close();
    throw err;
  }
}
