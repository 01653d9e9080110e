import { AppShell, Box, Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useMatches } from 'react-router';

import { useSessionLanguage } from '../../components/language';
import { isSpace } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { findSidebar } from './shell-handle';
import { useCompleteSession } from './use-complete-session';

export function RootLayout() {
  const [menuOpened, { toggle, close }] = useDisclosure(false);
  useCompleteSession();
  useSessionLanguage();
  const { t } = useT();
  // The sidebar comes from the matched area's route handle, so its code loads with that area.
  const found = findSidebar(useMatches());
  const sidebar = found && isSpace(found.space) ? { ...found, space: found.space } : null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={
        sidebar
          ? { width: { sm: 240, lg: 272 }, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }
          : undefined
      }
    >
      <AppShell.Header>
        <Navbar
          menuButton={
            sidebar ? (
              <Burger
                opened={menuOpened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('common.toggleMenu')}
                aria-expanded={menuOpened}
                aria-controls="pm-sidebar"
              />
            ) : null
          }
        />
      </AppShell.Header>
      {sidebar ? (
        <AppShell.Navbar id="pm-sidebar" aria-label={t('common.sidebar')}>
          <sidebar.Sidebar space={sidebar.space} onNavigate={close} />
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main display="flex" style={{ flexDirection: 'column' }} bg="gray.0">
        <Box style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
