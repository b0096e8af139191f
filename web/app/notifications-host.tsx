import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

// The toast container (and its transition libraries) loads with the first toast, so the public
// pages' first load stays small; `notifications.show()` queues in the store meanwhile.
const NotificationsContainer = lazy(() => import('./notifications-container'));

export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (notifications.length > 0 || queue.length > 0) setNeeded(true);
  }, [notifications.length, queue.length]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
