/**
 * The documents area's door (SPEC §7 `/documents`). Each resource: a fetcher, its queryOptions
 * (one key of `documentKeys`) and the hook.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageReply, SignedUrlReply } from '../../../domain/api';
import type {
  DocumentFilters,
  DocumentListReply,
  DocumentPatientsReply,
  DocumentStatus,
  DocumentUploadedReply,
} from '../../../domain/documents';
import { api } from '../../lib/api';

const ALL = ['documents'] as const;
export const documentKeys = {
  all: ALL,
  list: (filters: DocumentFilters, page: number, perPage: number) =>
    [...ALL, 'list', filters, page, perPage] as const,
  patients: (search: string) => [...ALL, 'patients', search] as const,
};

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
export function useUploadDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export const setDocumentStatus = ({
  id,
  status,
  appointmentId,
}: {
  id: number;
  status: DocumentStatus;
  appointmentId?: number;
}) => api.put<MessageReply>(`/documents/${id}`, { document_id: id, status, appointment_id: appointmentId });
export function useSetDocumentStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setDocumentStatus,
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export const deleteDocument = (id: number) => api.del<MessageReply>(`/documents/${id}`);
export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

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
