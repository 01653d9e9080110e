import { Box, Button, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import type { Space } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { sessionRoleList, useSession, useWorkContext } from '../../lib/session';
import { SIDEBAR_ITEMS, visibleSidebarItems, type SidebarItem } from './sidebar-items';
import { switchedOffHere } from './space-guard';
import { useLogout } from './use-logout';

type SidebarProps = { space: Space; onNavigate: () => void };

export function Sidebar({ space, onNavigate }: SidebarProps) {
  const { session } = useSession();
  const { t } = useT();
  // The shell renders the sidebar above the :space route, so it names the space itself.
  const { role, managingAgentId } = useWorkContext(space);
  const { pathname } = useLocation();
  const logout = useLogout();
  // A switched-off user may use nothing of the account, so they see only what needs no role.
  const menuRole = switchedOffHere(session, managingAgentId) ? null : role;
  const items = visibleSidebarItems(SIDEBAR_ITEMS, menuRole, (list) => sessionRoleList(session, list));
  const isProgrammer =
    session.userNo !== null && session.roles.programmerOnlyAllowed.includes(session.userNo);

  const isActive = (item: SidebarItem) => item.href?.(space) === pathname;

  const renderItem = (item: SidebarItem) => {
    if (item.children) {
      return (
        <SidebarGroup key={item.label} label={t(item.label)} startOpened={item.children.some(isActive)}>
          {item.children.map(renderItem)}
        </SidebarGroup>
      );
    }
    return (
      <NavLink
        key={item.label}
        component={Link}
        to={item.href?.(space) ?? '/'}
        label={t(item.label)}
        active={isActive(item)}
        // Filled: white on teal 9 is 5:1; the light variant's teal on pale teal was under 4.5:1.
        variant="filled"
        onClick={onNavigate}
      />
    );
  };

  return (
    <Stack h="100%" gap={0}>
      <Box px="md" py="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {space === 'agency' ? t('nav.agency') : t('nav.mySpace')}
        </Text>
        <Text fw={600} truncate>
          {session.isLoggedIn ? t('nav.hi', { name: session.userName }) : t('nav.hiThere')}
        </Text>
      </Box>
      <ScrollArea style={{ flex: 1 }} px="xs" py="sm">
        <nav aria-label={t('nav.propertyManagement')}>{items.map(renderItem)}</nav>
      </ScrollArea>
      <Stack gap="xs" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        {isProgrammer ? (
          <Button variant="light" color="grape" fullWidth>
            {t('nav.programmerLoggedIn')}
          </Button>
        ) : null}
        <Button variant="light" color="red" fullWidth onClick={logout}>
          {t('nav.logout')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * A group is a real button, so the keyboard reaches it and its entries, and it
 * says whether it is open, so a screen reader announces expanded or collapsed.
 */
function SidebarGroup({
  label,
  startOpened,
  children,
}: {
  label: string;
  startOpened: boolean;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(startOpened);
  const id = useId();
  return (
    <NavLink
      component="button"
      label={label}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      aria-controls={id}
      childrenOffset="md"
    >
      <div id={id}>{children}</div>
    </NavLink>
  );
}
