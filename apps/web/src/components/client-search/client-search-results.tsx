import { CLIENT_MESSAGES, LIMITS, type Client } from '@makazi/domain';
import { Alert, Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useWorkContext } from '../../lib/session';

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
  if (status === 'pending') return <Text c="dimmed">{CLIENT_MESSAGES.searching}</Text>;
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
        <Text c="dimmed">{CLIENT_MESSAGES.noRecords}</Text>
        <Alert color="yellow" title={CLIENT_MESSAGES.notFound}>
          {CLIENT_MESSAGES.mustRegisterFirst}{' '}
          {space ? (
            <Anchor component={Link} to={paths.pm.addClient.getHref(space)} onClick={onNavigate}>
              {CLIENT_MESSAGES.registerOne}
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
        Double-click a client to choose them.
      </Text>
      <Table.ScrollContainer minWidth={300}>
        <Table highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>No</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th visibleFrom="sm">Phone</Table.Th>
              <Table.Th aria-label="Choose" />
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
                    Select
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {clients.length > LIMITS.clientSearchMaxRows - 1 ? (
        <Text size="sm" c="dimmed">
          {CLIENT_MESSAGES.more}
        </Text>
      ) : null}
    </Stack>
  );
}
