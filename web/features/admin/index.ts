/** What other features may use of administration: the dashboard's card for messages that could not be sent. */
export { UnsentMessagesCard } from './unsent-messages-card';
