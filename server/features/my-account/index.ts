/** What other features may use of my-account (docs/ARCHITECTURE.md "Features talk over their exports"). */
export { feedOwner, timeOffBetween } from './repository';
