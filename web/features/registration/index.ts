/** What other public pages use of the registration feature: the public pages' frame. */
export { PublicLayout } from './public-layout';
