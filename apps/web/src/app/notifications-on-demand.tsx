import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(async () => ({ default: (await import('./notification-stack')).Notifications }));

/**
 * Mounts the notification stack when the first notification is shown. The
 * store is tiny; the stack brings portals and transitions that the welcome
 * and sign-in pages never use, so they do not pay for it on first load.
 * Notifications shown before the stack arrives wait in the store.
 */
export function NotificationsOnDemand() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null;
}
