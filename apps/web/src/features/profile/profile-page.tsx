import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Container,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';

import { LanguageSwitch } from '../../components/language';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { AgentAccountsManaged } from './agent-accounts-managed';

import { useUserGeneralInformation } from './api/get-user-general-information';
import { UserDetails } from './user-details';

/** The profile menu passes the user id in navigation state; the path carries it too. */
function useProfileUserNo(): number {
  const { id } = useParams();
  const state = useLocation().state as { userId?: unknown } | null;
  return Number(state?.userId ?? id);
}

export function ProfilePage() {
  const userNo = useProfileUserNo();
  const { data: user, isPending, isError } = useUserGeneralInformation(userNo);
  const valid = Number.isInteger(userNo) && userNo > 0;
  const { t } = useT();

  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 48 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="lg">
        {t('profile.title')}
      </Title>
      {!valid || isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('messages.users.noInformation')}
        </Alert>
      ) : isPending ? (
        <Text c="dimmed" role="status">
          {t('common.loading')}
        </Text>
      ) : (
        <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <Group gap="md" wrap="nowrap">
              <Avatar color="teal" radius="xl" size={56}>
                {user.First_name.charAt(0).toUpperCase()}
                {user.Last_name.charAt(0).toUpperCase()}
              </Avatar>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={700} fz="lg" truncate>
                  {user.Full_name}
                </Text>
                <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                  <Badge variant="light">{t('profile.userNo', { userNo: user.UserNo })}</Badge>
                  {user.Username ? (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                      {user.Username}
                    </Text>
                  ) : null}
                </Group>
              </Stack>
            </Group>
            <Title order={2} fz="md">
              {t('profile.bioData')}
            </Title>
            <UserDetails user={user} />
            <Divider />
            <Stack gap={4}>
              <Title order={2} fz="md">
                {t('profile.languageTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('profile.languageHelp')}
              </Text>
              <div data-testid="profile-language">
                <LanguageSwitch size="sm" />
              </div>
            </Stack>
            <Divider />
            <AgentAccountsManaged />
            <Divider />
            <Stack gap={4}>
              <Title order={2} fz="md">
                {t('profile.workSettings')}
              </Title>
              <Anchor
                component={Link}
                to={paths.settingsWork.getHref(user.UserNo)}
                state={{ userId: user.UserNo, returnPath: paths.settings.getHref(user.UserNo) }}
              >
                {t('profile.workSettingsLink')}
              </Anchor>
            </Stack>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}
