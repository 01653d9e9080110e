import { CLIENT_MESSAGES, LIMITS, type Client } from '@makazi/domain';
import { Alert, Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useWorkContext } from '../../lib/session';
import { useT } from '../../lib/i18n';

type ClientSearchResultsProps = {
  status: 'pending' | 'error' | 'success';
  error: unknown;
  clients: Client[];
  onChoose: (client: Client) => void;
  /** Called when the person leaves the dialog through the register link. */
  onNavigate: () => void;
};

export function ClientSearchResults({
  status,
  error,
  clients,
  onChoose,
  onNavigate,
}: ClientSearchResultsProps) {
  const { space } = useWorkContext();
  const { t, tm } = useT();
  if (status === 'pending') return <Text c="dimmed">{tm(CLIENT_MESSAGES.searching)}</Text>;
  if (status === 'error') {
    return (
      <Alert color="red" role="alert">
        {apiErrorMessage(error, CLIENT_MESSAGES.searchFailed)}
      </Alert>
    );
  }
  if (clients.length === 0) {
    return (
      <Stack gap={4}>
        <Text c="dimmed">{tm(CLIENT_MESSAGES.noRecords)}</Text>
        <Alert color="yellow" title={tm(CLIENT_MESSAGES.notFound)}>
          {tm(CLIENT_MESSAGES.mustRegisterFirst)}{' '}
          {space ? (
            <Anchor component={Link} to={paths.pm.addClient.getHref(space)} onClick={onNavigate}>
              {tm(CLIENT_MESSAGES.registerOne)}
            </Anchor>
          ) : null}
        </Alert>
      </Stack>
    );
  }

  const shown = clients.slice(0, LIMITS.clientSearchMaxRows);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('clientScreens.doubleClick')}
      </Text>
      <Table.ScrollContainer minWidth={300}>
        <Table highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('clientScreens.no')}</Table.Th>
              <Table.Th>{t('clientScreens.client')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('clientScreens.phone')}</Table.Th>
              <Table.Th aria-label={t('clientScreens.choose')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((client) => (
              <Table.Tr
                key={client.ClientNo}
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                onDoubleClick={() => onChoose(client)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget) onChoose(client);
                }}
              >
                <Table.Td>{client.ClientNo}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {client.Full_name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {client.Email}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {client.PhoneNo}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{client.PhoneNo}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="light" onClick={() => onChoose(client)}>
                    {t('clientScreens.select')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {clients.length > LIMITS.clientSearchMaxRows - 1 ? (
        <Text size="sm" c="dimmed">
          {tm(CLIENT_MESSAGES.more)}
        </Text>
      ) : null}
    </Stack>
  );
}
