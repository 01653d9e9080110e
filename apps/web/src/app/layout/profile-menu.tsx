import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router';

import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { useLogout } from './use-logout';

export function ProfileMenu() {
  const { session } = useSession();
  const { pathname } = useLocation();
  const logout = useLogout();
  const userId = session.userNo ?? '';

  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`${session.userName}, account menu`} data-testid="account-menu">
          <Group gap={8} wrap="nowrap">
            {/* The name beside it is the button's text; initials would read as a second, different name. */}
            <Avatar color="teal" radius="xl" size={34} aria-hidden />
            <Text size="sm" fw={500} visibleFrom="sm" maw={140} truncate>
              {session.userName}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Hi {session.userName}</Menu.Label>
        <Menu.Item component={Link} to={paths.settings.getHref(userId)} state={{ userId }}>
          Profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.settingsWork.getHref(userId)}
          state={{ userId, returnPath: pathname }}
        >
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={logout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
