import { Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { formatDateTime } from '../../lib/format-date-time';
import { useT } from '../../lib/i18n';
import { agencyLinksQuery, agencyPropertiesQuery, clientEmail, inviteLandlord, revokeLandlordLink } from './api/landlord-money';
import { MoneySection } from './money-section';
import { MutationOutcome } from './mutation-outcome';

/** The agency invites its landlord clients to their own read-only view, and revokes a link. */
export function LandlordAccess({ managingAgentId }: { managingAgentId: number }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  // Every landlord the agency manages a property for, money in the books or not yet.
  const properties = useQuery(agencyPropertiesQuery(managingAgentId));
  const landlords = [...new Map((properties.data ?? []).map((p) => [p.LandlordNo, p.LandlordName])).entries()]
    .map(([LandlordNo, name]) => ({ value: String(LandlordNo), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const links = useQuery(agencyLinksQuery(managingAgentId));
  const [landlordNo, setLandlordNo] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: agencyLinksQuery(managingAgentId).queryKey });
  const invite = useMutation({
    mutationFn: () => inviteLandlord({ managingAgentId, LandlordNo: Number(landlordNo), Email: email }),
    onSuccess: async () => {
      setEmail('');
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (LinkId: number) => revokeLandlordLink({ managingAgentId, LinkId }),
    onSuccess: refresh,
  });

  return (
    <MoneySection title={t('landlordView.access.title')} intro={t('landlordView.access.intro')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate();
        }}
      >
        <Group align="end" mb="md">
          <Select
            label={t('landlordView.access.landlord')}
            data={landlords}
            value={landlordNo}
            onChange={(no) => {
              setLandlordNo(no);
              // The client's own email is the one to invite; the clerk may change it.
              if (no) void clientEmail(managingAgentId, Number(no)).then((e) => setEmail(e ?? ''), () => undefined);
            }}
            searchable
          />
          <TextInput
            label={t('landlordView.access.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Button type="submit" disabled={!landlordNo || !email} loading={invite.isPending}>
            {t('landlordView.access.send')}
          </Button>
        </Group>
      </form>
      <MutationOutcome mutation={invite} gap="mb" />
      {links.data && links.data.length === 0 ? <Text c="dimmed">{t('landlordView.access.none')}</Text> : null}
      {links.data && links.data.length > 0 ? (
        <Table.ScrollContainer minWidth={520} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table aria-label={t('landlordView.access.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('landlordView.access.landlord')}</Table.Th>
                <Table.Th>{t('landlordView.access.email')}</Table.Th>
                <Table.Th>{t('landlordView.access.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.data.map((l) => (
                <Table.Tr key={l.LinkId}>
                  <Table.Td>{l.Landlord_name}</Table.Td>
                  <Table.Td>{l.Email}</Table.Td>
                  <Table.Td>
                    {l.Status === 'linked'
                      ? t('landlordView.access.linked')
                      : t('landlordView.access.invited')}{' '}
                    · {formatDateTime(l.AcceptedAt ?? l.InvitedAt)}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => revoke.mutate(l.LinkId)}
                    >
                      {t('landlordView.access.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </MoneySection>
  );
}
