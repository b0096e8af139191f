/** What the rest of the server may use of patients: the letter's delivery outcome (the outbox worker in main.ts). */
export { letterDeliverySettled } from './letter-service';
