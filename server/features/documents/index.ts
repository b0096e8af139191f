/** What other features may use of the documents feature. */
export { insertGeneratedDocument, setDocumentStatus } from './repository';
