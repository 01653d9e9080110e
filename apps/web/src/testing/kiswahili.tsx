import { Notifications, notifications } from '@mantine/notifications';
import type { ReactElement } from 'react';
import { afterEach, beforeEach } from 'vitest';

import { i18n } from '../lib/i18n';
import { agencyOwnerSession } from './pm-session';
import { renderWithProviders } from './render';

/** Every test of the file reads the screens in Kiswahili; English comes back after each. */
export function inKiswahili() {
  beforeEach(async () => {
    await i18n.changeLanguage('sw');
  });
  afterEach(async () => {
    notifications.clean();
    await i18n.changeLanguage('en');
  });
}

/** An office screen as the agency's owner sees it at `/propertymanagement/agency/{page}`, its toasts included. */
export function renderOfficePage(ui: ReactElement, page = 'office') {
  return renderWithProviders(
    <>
      <Notifications />
      {ui}
    </>,
    {
      path: `/propertymanagement/:space/${page}`,
      initialEntries: [`/propertymanagement/agency/${page}`],
      session: agencyOwnerSession,
    },
  );
}
