import { Notifications } from '@mantine/notifications';

/** Notification defaults (SPEC §9): 5000 ms unless a toast says otherwise, 400 ms animation. */
export const NOTIFICATION_AUTO_CLOSE = 5000;

/**
 * Bottom right, above the back office's fixed footer (global.css): at the top right they opened
 * over the drawers' fields and close button (issue 22).
 */
export default function NotificationsContainer() {
  return (
    <Notifications autoClose={NOTIFICATION_AUTO_CLOSE} transitionDuration={400} position="bottom-right" />
  );
}
