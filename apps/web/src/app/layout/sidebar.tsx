import { Box, Button, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import type { Space } from '../../config/paths';
import { sessionRoleList, useSession, useWorkContext } from '../../lib/session';
import { SIDEBAR_ITEMS, visibleSidebarItems, type SidebarItem } from './sidebar-items';
import { useLogout } from './use-logout';

type SidebarProps = { space: Space; onNavigate: () => void };

export function Sidebar({ space, onNavigate }: SidebarProps) {
  const { session } = useSession();
  // The shell renders the sidebar above the :space route, so it names the space itself.
  const { role } = useWorkContext(space);
  const { pathname } = useLocation();
  const logout = useLogout();
  const items = visibleSidebarItems(SIDEBAR_ITEMS, role, (list) => sessionRoleList(session, list));
  const isProgrammer = session.userNo !== null && session.roles.programmerOnlyAllowed.includes(session.userNo);

  const isActive = (item: SidebarItem) => item.href?.(space) === pathname;

  const renderItem = (item: SidebarItem) => {
    if (item.children) {
      return (
        <SidebarGroup key={item.label} label={item.label} startOpened={item.children.some(isActive)}>
          {item.children.map(renderItem)}
        </SidebarGroup>
      );
    }
    return (
      <NavLink
        key={item.label}
        component={Link}
        to={item.href?.(space) ?? '/'}
        label={item.label}
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
          {space === 'agency' ? 'Agency' : 'My space'}
        </Text>
        <Text fw={600} truncate>
          {session.isLoggedIn ? `Hi ${session.userName}` : 'Hi there'}
        </Text>
      </Box>
      <ScrollArea style={{ flex: 1 }} px="xs" py="sm">
        <nav aria-label="Property management">{items.map(renderItem)}</nav>
      </ScrollArea>
      <Stack gap="xs" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        {isProgrammer ? (
          <Button variant="light" color="grape" fullWidth>
            Programer logged in
          </Button>
        ) : null}
        <Button variant="light" color="red" fullWidth onClick={logout}>
          Logout
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * A group is a real button, so the keyboard reaches it and its entries, and it
 * says whether it is open, so a screen reader announces expanded or collapsed.
 */
function SidebarGroup({ label, startOpened, children }: { label: string; startOpened: boolean; children: ReactNode }) {
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
