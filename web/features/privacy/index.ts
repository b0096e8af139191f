/** What other features may use of privacy: the patient detail's panel and the administration's retention page. */
import { lazy } from 'react';

export { PatientPrivacyPanel } from './patient-privacy-panel';

/** The retention page loads only when its administration tab is opened. */
export const RetentionPage = lazy(() => import('./retention-page'));
