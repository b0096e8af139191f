/** What other features use of self-service: the link every patient message carries. */
export { type LinkSecrets, revokeSelfServiceLink, selfServiceUrl } from './links';
