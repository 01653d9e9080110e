import { HIRING_MESSAGES } from '@makazi/domain';
import { Alert, Button, Container, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { useLocation, useNavigate, useParams } from 'react-router';

import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { useAgentAccounts, useSession } from '../../lib/session';
import { useUserGeneralInformation } from './api/get-user-general-information';
import { AvailabilitySection } from './availability-section';
import { ContractSection } from './contract-section';
import { OffersReceived } from './offers-received';

type WorkState = { userId?: unknown; returnPath?: unknown } | null;

/** settings/{id}/work (docs/screens.md#work-settings): offers received, the contracted managing account, availability; back to the return path. */
export function WorkSettingsPage() {
  const { t, tm } = useT();
  const { id } = useParams();
  const state = useLocation().state as WorkState;
  const navigate = useNavigate();
  const { session } = useSession();
  const userNo = Number(state?.userId ?? id);
  const returnPath =
    typeof state?.returnPath === 'string' && state.returnPath.startsWith('/') ? state.returnPath : null;
  const accounts = useAgentAccounts();
  const user = useUserGeneralInformation(userNo);
  const goBack = () => void navigate(returnPath ?? paths.home.getHref());

  if (!Number.isInteger(userNo) || userNo !== session.userNo || user.isError) {
    return (
      <Container size="md" py="lg">
        <Alert color="red" variant="light" role="alert">
          {t('messages.users.noInformation')}
        </Alert>
      </Container>
    );
  }

  const ownsAgency = session.adminAgentId !== null && session.adminAccountSelf !== 1;
  const managing = accounts.data?.managingAgentAccount;
  const acceptBlocked = ownsAgency
    ? tm(HIRING_MESSAGES.agencyOwnerCannotAccept)
    : managing
      ? tm(HIRING_MESSAGES.alreadyContracted)
      : null;

  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 48 }}>
      <Group justify="space-between" mb="lg" wrap="wrap">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('hiring.work.title')}
        </Title>
        <Button variant="default" onClick={goBack}>
          {t('hiring.work.back')}
        </Button>
      </Group>
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <OffersReceived userNo={userNo} acceptBlocked={acceptBlocked} onAnswered={goBack} />
          <Divider />
          <ContractSection userNo={userNo} managing={managing} failed={accounts.isError} onEnded={goBack} />
          <Divider />
          <AvailabilitySection userNo={userNo} available={user.data?.AvailableForWork} blocked={ownsAgency} />
        </Stack>
      </Paper>
    </Container>
  );
}
