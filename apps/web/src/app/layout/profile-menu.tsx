import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router';

import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import {
  accountWords,
  switchableAccounts,
  useAgentAccounts,
  useSession,
  useSwitchSpace,
  workContextOf,
} from '../../lib/session';
import { useLogout } from './use-logout';

const SPACE_IN_PATH = /^\/propertymanagement\/(myspace|agency)(\/|$)/;

export function ProfileMenu() {
  const { session } = useSession();
  const { t } = useT();
  const { pathname } = useLocation();
  const logout = useLogout();
  const switchSpace = useSwitchSpace();
  const accounts = useAgentAccounts();
  const userId = session.userNo ?? '';
  // Offered on every page, and only when there is somewhere else to go.
  const choices = switchableAccounts(session, accounts.data);
  const currentAgentId = workContextOf(session, SPACE_IN_PATH.exec(pathname)?.[1]).managingAgentId;

  return (
    <Menu position="bottom-end" width={choices.length > 1 ? 280 : 200} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('nav.accountMenu', { name: session.userName })}
          data-testid="account-menu"
        >
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
        <Menu.Label>{t('nav.hi', { name: session.userName })}</Menu.Label>
        <Menu.Item component={Link} to={paths.settings.getHref(userId)} state={{ userId }}>
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.settingsWork.getHref(userId)}
          state={{ userId, returnPath: pathname }}
        >
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.landlordView.getHref()}>
          {t('nav.landlordView')}
        </Menu.Item>
        {choices.length > 1 ? (
          <>
            <Menu.Divider />
            <Menu.Label>{t('nav.switchAccount')}</Menu.Label>
            {choices.map((choice) => {
              const current = choice.agentId === currentAgentId;
              return (
                <Menu.Item
                  key={choice.key}
                  disabled={choice.locked}
                  aria-current={current ? 'true' : undefined}
                  rightSection={
                    current ? (
                      <Badge size="xs" color="teal">
                        {t('nav.current')}
                      </Badge>
                    ) : null
                  }
                  onClick={() => switchSpace(choice.space)}
                >
                  <Text size="sm">
                    {accountWords(choice).title}: {accountWords(choice).name}
                  </Text>
                  {choice.locked ? (
                    <Text size="xs" c="dimmed">
                      {t('common.workAccountLocked')}
                    </Text>
                  ) : null}
                </Menu.Item>
              );
            })}
          </>
        ) : null}
        <Menu.Divider />
        {/* Mantine's red 6 is 3.3:1 on white; red 9 reads at 5.8:1. */}
        <Menu.Item color="red" onClick={logout}>
          <Text span inherit c="red.9">
            {t('nav.logout')}
          </Text>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
