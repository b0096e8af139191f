import { Notifications } from '@mantine/notifications';

/** Notification defaults (SPEC §9): 5000 ms unless a toast says otherwise, 400 ms animation. */
export const NOTIFICATION_AUTO_CLOSE = 5000;

/**
 * Bottom right, above the back office's fixed footer (36 px): at the top right they opened over
 * the drawers' close button and the top bar's account menu (issue 22); drawers and modals keep
 * their controls at the top and right after their fields, and the footer holds none.
 */
const ABOVE_FOOTER = { root: { bottom: 'calc(36px + var(--mantine-spacing-md))' } };

export default function NotificationsContainer() {
  return (
    <Notifications
      autoClose={NOTIFICATION_AUTO_CLOSE}
      transitionDuration={400}
      position="bottom-right"
      styles={ABOVE_FOOTER}
    />
  );
}
