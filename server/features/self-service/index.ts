/** What other features use of self-service: the link every patient message carries. */
export { type LinkSecrets, selfServiceUrl } from './links';
