/**
 * What other features use of self-service: the link every patient message carries, and the
 * working links the outbox puts into them when it sends.
 */
export { type LinkSecrets, linkSecrets, newLink, patientLinks, selfServiceUrl } from './links';
