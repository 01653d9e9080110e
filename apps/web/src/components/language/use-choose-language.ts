import { API, type Language } from '@makazi/domain';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';

import { apiFetch } from '../../lib/api-client';
import { changeLanguage, currentLanguage, i18n } from '../../lib/i18n';
import { useSession, useSessionStore } from '../../lib/session';

/**
 * Switches the screens at once; for a signed-in user the choice is also kept
 * on the server, so it follows them to every device they sign in from.
 */
export function useChooseLanguage(): (language: Language) => Promise<void> {
  const { session } = useSession();
  const store = useSessionStore();
  return async (language) => {
    await changeLanguage(language);
    if (!session.isLoggedIn) return;
    try {
      await apiFetch(API.users.setLanguage, { method: 'PATCH', body: { Language: language } });
      store.setSession({ language });
    } catch {
      notifications.show({ color: 'red', message: i18n.t('common.languageFailed') });
    }
  };
}

/** A signed-in user's saved choice wins over this browser's. */
export function useSessionLanguage(): void {
  const { session } = useSession();
  const saved = session.isLoggedIn ? session.language : null;
  useEffect(() => {
    if (saved && saved !== currentLanguage()) void changeLanguage(saved);
  }, [saved]);
}
