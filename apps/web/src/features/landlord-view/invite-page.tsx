import { GENERIC_FAILURE_MESSAGE } from '@makazi/domain';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';

import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { acceptInvite, invitationQuery, landlordViewKey } from './api/landlord-view';

/**
 * /landlord-invite/:token, from the agency's email. A visitor signs in (or up)
 * first and comes back here; the server accepts only the user of the address
 * the invitation went to.
 */
export function LandlordInvitePage() {
  const { t, tm } = useT();
  const { token = '' } = useParams();
  const { session } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = useQuery(invitationQuery(token));
  const accept = useMutation({
    mutationFn: () => acceptInvite(token),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: landlordViewKey });
      void navigate(paths.landlordView.getHref(), { replace: true });
    },
  });

  return (
    <Container size={520} px={{ base: 'xs', sm: 'md' }} py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('landlordView.invite.title')}
          </Title>
          <Text data-testid="invitation-from">
            {invitation.data
              ? t('landlordView.invite.from', { agency: invitation.data.Agency, landlord: invitation.data.Landlord_name })
              : t('landlordView.invite.text')}
          </Text>
          {invitation.isError ? (
            <Alert color="red" variant="light" role="alert">
              {tm(apiErrorMessage(invitation.error, GENERIC_FAILURE_MESSAGE))}
            </Alert>
          ) : null}
          {session.isLoggedIn ? (
            <Button onClick={() => accept.mutate()} loading={accept.isPending}>
              {t('landlordView.invite.accept')}
            </Button>
          ) : (
            <>
              <Text c="dimmed" size="sm">
                {t('landlordView.invite.signInFirst')}
              </Text>
              <Group>
                <Button component={Link} to={paths.signIn.getHref()} state={{ from: location }}>
                  {t('landlordView.invite.signIn')}
                </Button>
                <Button
                  component={Link}
                  variant="default"
                  to={paths.signUp.getHref()}
                  state={{ from: location }}
                >
                  {t('landlordView.invite.signUp')}
                </Button>
              </Group>
            </>
          )}
          {accept.isError ? (
            <Alert color="red" variant="light" role="alert">
              {tm(apiErrorMessage(accept.error, GENERIC_FAILURE_MESSAGE))}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
