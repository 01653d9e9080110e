import { Anchor, Button, Group, Skeleton, useMatches } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';

import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';

// The menu pulls in the popover machinery; visitors who are not logged in never need it.
const ProfileMenu = lazy(async () => ({ default: (await import('./profile-menu')).ProfileMenu }));
const PropertyManagementMenu = lazy(async () => ({
  default: (await import('./property-management-menu')).PropertyManagementMenu,
}));

/** Top navigation bar. `menuButton` is the sidebar toggle, present in the property-management area. */
export function Navbar({ menuButton }: { menuButton?: ReactNode }) {
  const { session } = useSession();
  const { t } = useT();
  const size = useMatches({ base: 'compact-sm', sm: 'compact-md' });

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        {menuButton}
        <Anchor component={Link} to={paths.home.getHref()} underline="never" aria-label={t('common.appName')}>
          {/* On phones the word mark leaves room for the menu toggle, Log in and Sign up, or the menus. */}
          <Logo compact />
        </Anchor>
      </Group>
      <Group component="nav" aria-label={t('nav.main')} gap={4} wrap="nowrap">
        <Button
          component={Link}
          to={paths.findHouse.getHref()}
          variant="subtle"
          color="gray"
          size={size}
          px={6}
        >
          {t('nav.findHouse')}
        </Button>
        {session.isLoggedIn ? (
          <Suspense fallback={<Skeleton circle height={34} />}>
            <PropertyManagementMenu />
            <ProfileMenu />
          </Suspense>
        ) : (
          <>
            <Button
              component={Link}
              to={paths.signIn.getHref()}
              variant="subtle"
              color="gray"
              size={size}
              px={6}
            >
              {t('nav.logIn')}
            </Button>
            <Button component={Link} to={paths.signUp.getHref()} size={size} px={10}>
              {t('nav.signUp')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
