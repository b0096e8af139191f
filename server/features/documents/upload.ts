/**
 * POST /api/documents, the part that must never leave a half state: the text fields come before
 * the file and are checked (title, an existing patient, the patient's own appointment) before any
 * byte is stored; the file is then streamed to storage under a generated key (never buffered
 * whole), checked, and only then is the row inserted. Any failure on the way (bad type, too large, empty, client gone, database error)
 * deletes what was stored, so there is never a row without a file nor a file without a row.
 */
import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_MIME,
  type DocumentExtension,
  documentUploadFields,
  fileExtension,
  isAcceptedExtension,
} from '../../../domain/documents';
import type { Db } from '../../db/client';
import { audit } from '../../platform/audit';
import { constraintViolation } from '../../platform/db-errors';
import { fieldError, HttpError, parseOr400 } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { isPatientsAppointment } from '../appointments';
import { patientRecord } from '../patients';
import { contentMatches, safeFileName } from './files';
import { watchMultipartEnd } from './multipart-end';
import * as repo from './repository';

/** Room for the text fields and multipart framing around the file itself. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

export type StoredFile = { key: string; filename: string; ext: DocumentExtension; size: number };

const tooLarge = () => new HttpError(413, DOCUMENT_MESSAGES.tooLarge);

type UploadFields = z.output<typeof documentUploadFields>;

/**
 * The text fields received before the file: valid, for an existing patient and (when given) that
 * patient's appointment; otherwise the 400 with the field messages, and nothing is stored. A file
 * sent before its fields is refused the same way.
 */
async function checkFields(db: Db, fields: Record<string, string>): Promise<UploadFields> {
  const checked = parseOr400(documentUploadFields, fields);
  if (!(await patientRecord(db, checked.patient_id)))
    throw fieldError('patient_id', DOCUMENT_MESSAGES.patientRequired);
  if (
    checked.appointment_id &&
    !(await isPatientsAppointment(db, checked.appointment_id, checked.patient_id))
  )
    throw fieldError('appointment_id', DOCUMENT_MESSAGES.notFound);
  return checked;
}

/** Streams one file part to storage and checks it; on any refusal nothing stays stored. */
async function storeFile(part: MultipartFile, storage: Storage): Promise<StoredFile> {
  const filename = safeFileName(part.filename);
  const ext = fileExtension(filename);
  if (!isAcceptedExtension(ext)) {
    part.file.resume(); // discard the body; the answer does not wait for it
    throw fieldError('document', DOCUMENT_MESSAGES.invalidType);
  }
  const key = `documents/${randomUUID()}`;
  // busboy ends a truncated file normally; turn the size limit into an error so the storage
  // driver discards its temporary object instead of committing a cut file.
  const guard = new Transform({
    transform(chunk, _enc, done) {
      done(null, chunk);
    },
    flush(done) {
      done(part.file.truncated ? tooLarge() : null);
    },
  });
  // The storage driver's pipeline reports the error; this listener only keeps a late one
  // (after the pipeline settled) from becoming an uncaught exception.
  guard.on('error', () => {});
  part.file.on('limit', () => {
    part.file.unpipe(guard);
    guard.destroy(tooLarge());
  });
  part.file.on('error', (err) => guard.destroy(err));
  let size: number;
  try {
    ({ size } = await storage.put(key, part.file.pipe(guard), { contentType: DOCUMENT_MIME[ext] }));
  } catch (err) {
    part.file.resume();
    await storage.delete(key).catch(() => {});
    throw err;
  }
  try {
    if (size === 0) throw fieldError('document', DOCUMENT_MESSAGES.empty);
    if (!(await contentMatches(ext, () => storage.get(key))))
      throw fieldError('document', DOCUMENT_MESSAGES.contentMismatch);
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
  return { key, filename, ext, size };
}

export async function handleUpload(
  req: FastifyRequest,
  deps: { db: Db; storage: Storage; maxBytes: number },
): Promise<{ id: number }> {
  const { db, storage, maxBytes } = deps;
  // Refuse a declared oversized body before reading any of it.
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge();
  if (!req.isMultipart()) throw fieldError('document', DOCUMENT_MESSAGES.fileRequired);

  const fields: Record<string, string> = {};
  let stored: StoredFile | null = null;
  try {
    const parts = req.parts();
    const end = watchMultipartEnd(req, () => fieldError('document', DOCUMENT_MESSAGES.fileRequired));
    end.start();
    // Written by the parsing loop below (TypeScript does not follow assignments in a closure).
    const state: {
      stored: StoredFile | null;
      fields: UploadFields | null;
      current: MultipartFile | null;
      aborted: Error | null;
    } = { stored: null, fields: null, current: null, aborted: null };
    const loop = (async () => {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        } else if (part.fieldname === 'document' && !state.stored && !state.aborted) {
          state.current = part;
          try {
            state.fields = await checkFields(db, fields);
          } catch (err) {
            part.file.resume(); // discard the body; nothing is stored
            throw err;
          }
          const file = await storeFile(part, storage);
          state.current = null;
          // Refused meanwhile (body cut short): the stored copy must not stay.
          if (state.aborted) await storage.delete(file.key).catch(() => {});
          else state.stored = file;
        } else {
          part.file.resume();
        }
      }
    })();
    loop.catch(() => {});
    try {
      await Promise.race([loop, end.truncated]);
    } catch (err) {
      if (end.isTruncated) {
        // Cut short: stop storing, end the file being written (its temporary copy goes), refuse.
        state.aborted = err as Error;
        if (state.current) {
          state.current.file.destroy(err as Error);
          await Promise.race([loop.catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
        }
        throw err;
      }
      // A broken multipart body (no boundary, cut short, bad part headers) is the client's error.
      if (err instanceof HttpError || (err as { code?: string }).code?.startsWith('FST_')) throw err;
      throw fieldError('document', DOCUMENT_MESSAGES.fileRequired);
    } finally {
      end.stop();
      stored = state.stored;
    }
    if (!stored || !state.fields) throw fieldError('document', DOCUMENT_MESSAGES.fileRequired);
    const { title, patient_id, appointment_id } = state.fields;
    const file = stored;
    const id = await db.transaction(async (tx) => {
      const rowId = await repo.insertUploadedDocument(tx, {
        patientId: patient_id,
        appointmentId: appointment_id ?? null,
        title,
        filename: file.filename,
        ext: file.ext,
        mime: DOCUMENT_MIME[file.ext],
        size: file.size,
        storageKey: file.key,
        uploadedBy: req.user?.id ?? null,
      });
      await audit(tx, req.actor, {
        action: 'document.upload',
        entityType: 'document',
        entityId: rowId,
        patientId: patient_id,
        details: { ext: file.ext, size: file.size },
      });
      return rowId;
    });
    return { id };
  } catch (err) {
    if (stored) await storage.delete(stored.key).catch(() => {});
    if (constraintViolation(err)?.kind === 'foreign-key')
      throw fieldError('patient_id', DOCUMENT_MESSAGES.patientRequired);
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.code === 'FST_FILES_LIMIT') throw tooLarge();
    throw err;
  }
}
