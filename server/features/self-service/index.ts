/** What other features use of self-service: the link every patient message carries. */
export { type LinkSecrets, newLink, selfServiceUrl } from './links';
export { linkInsert } from './repository';
