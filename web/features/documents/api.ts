/** Documents data: TanStack Query hooks over /api/documents (SPEC §7). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageReply, SignedUrlReply } from '../../../domain/api';
import type {
  DocumentFilters,
  DocumentListReply,
  DocumentPatientsReply,
  DocumentStatus,
  DocumentUploadedReply,
} from '../../../domain/documents';
import { api } from '../../lib/api';

export const DOCUMENTS_KEY = ['documents'] as const;

/** Drops empty filter values so the server only sees what the user chose. */
function compact(filters: DocumentFilters): DocumentFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as DocumentFilters;
}

export function useDocuments(filters: DocumentFilters, page: number, perPage: number, enabled = true) {
  const f = compact(filters);
  return useQuery({
    queryKey: [...DOCUMENTS_KEY, 'list', f, page, perPage],
    queryFn: () => api.get<DocumentListReply>('/documents', { filters: JSON.stringify(f), page, perPage }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDocumentPatients(name: string) {
  const search = name.trim();
  return useQuery({
    queryKey: [...DOCUMENTS_KEY, 'patients', search],
    queryFn: () =>
      api.get<DocumentPatientsReply>('/documents/patients', {
        filters: search ? JSON.stringify({ name: search }) : undefined,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export type UploadInput = {
  title: string;
  patientId: number;
  appointmentId?: number;
  file: File;
  onProgress?: (percent: number) => void;
};

export function useUploadDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ title, patientId, appointmentId, file, onProgress }: UploadInput) => {
      // The server checks the text fields before it stores any byte of the file: the file goes last.
      const form = new FormData();
      form.append('title', title);
      form.append('patient_id', String(patientId));
      if (appointmentId) form.append('appointment_id', String(appointmentId));
      form.append('document', file, file.name);
      return api.upload<DocumentUploadedReply>('/documents', form, onProgress);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}

export function useSetDocumentStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      status,
      appointmentId,
    }: {
      id: number;
      status: DocumentStatus;
      appointmentId?: number;
    }) =>
      api.put<MessageReply>(`/documents/${id}`, { document_id: id, status, appointment_id: appointmentId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del<MessageReply>(`/documents/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}

/**
 * Opens a document in a new tab through its short-lived signed URL. The tab is opened at once
 * (inside the click) so pop-up blockers allow it, then pointed at the URL once it arrives.
 */
export async function openDocument(id: number): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const { url } = await api.get<SignedUrlReply>(`/documents/${id}/url`);
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
