import { Notifications } from '@mantine/notifications';

/** Notification defaults (SPEC §9): 5000 ms unless a toast says otherwise, 400 ms animation. */
export const NOTIFICATION_AUTO_CLOSE = 5000;

/**
 * The back office's toasts sit at the bottom right, above its fixed footer (global.css): at the
 * top right they opened over the drawers' fields and close button (issue 22). The public pages'
 * sit at the top: their forms end with a full-width button at the bottom of the screen, which a
 * toast at the bottom covered on a phone just when the patient had to tap it again (issue 54,
 * item 19). Read at each toast (the host renders again for each), so it follows the page.
 */
export default function NotificationsContainer() {
  const backOffice = window.location.pathname.startsWith('/app');
  return (
    <Notifications
      autoClose={NOTIFICATION_AUTO_CLOSE}
      transitionDuration={400}
      position={backOffice ? 'bottom-right' : 'top-center'}
    />
  );
}
