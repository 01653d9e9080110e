import { TENANCY_MESSAGES, type Tenancy } from '@makazi/domain';
import { Alert, Button, Card, Group, NumberInput, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NoWorkAccount } from '../../../components/no-work-account';
import { TenancySearchDialog } from '../../../components/tenancies/tenancy-search-dialog';
import { TenancySummary } from '../../../components/tenancies/tenancy-summary';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { invalidateAfter } from '../../../lib/query-keys';
import { useSession, useWorkContext } from '../../../lib/session';
import { getTenancy, terminateTenancy } from '../api/tenancy';

/** SPEC §2 tenancymanagement/terminatetenancy: find a tenancy, confirm, end it (the house becomes vacant). */
export function TerminateTenancyPage() {
  const { managingAgentId } = useWorkContext();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [idText, setIdText] = useState<string | number>('');
  const [tenancy, setTenancy] = useState<Tenancy | null>(null);
  const [searching, setSearching] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [looking, setLooking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const terminate = useMutation({
    mutationFn: (t: Tenancy) =>
      terminateTenancy({ tenancyId: t.TenancyId, managingAgentId: managingAgentId!, houseId: t.HouseId, terminatedBy: session.userNo }),
    onSuccess: (result) => {
      notifications.show({ color: 'teal', message: result.message });
      setTenancy(null);
      setIdText('');
      setConfirming(false);
      void invalidateAfter(queryClient, managingAgentId!, { kind: 'terminated' });
    },
    onError: (error) => {
      setConfirming(false);
      setMessage(apiErrorMessage(error, TENANCY_MESSAGES.sorry));
    },
  });

  if (!managingAgentId) return <NoWorkAccount />;
  const managedElsewhere = tenancy !== null && tenancy.managingAgentId !== managingAgentId;

  const select = (found: Tenancy) => {
    setMessage(found.EndDate ? TENANCY_MESSAGES.nothingToTerminate : null);
    setTenancy(found.EndDate ? null : found);
    setIdText(found.TenancyId);
  };

  const lookUp = async () => {
    const id = Number(idText);
    if (!Number.isInteger(id) || id <= 0) return setMessage(TENANCY_MESSAGES.enterId);
    setLooking(true);
    setMessage(null);
    try {
      select(await getTenancy(managingAgentId, id));
    } catch (error) {
      setTenancy(null);
      setMessage(error instanceof ApiError && error.status === 404 ? TENANCY_MESSAGES.notFound : apiErrorMessage(error, TENANCY_MESSAGES.sorry));
    } finally {
      setLooking(false);
    }
  };

  const ask = () => {
    if (!tenancy) return setMessage(TENANCY_MESSAGES.nothingToTerminate);
    if (managedElsewhere) return setMessage(TENANCY_MESSAGES.notAllowedToTerminate);
    setConfirming(true);
  };

  return (
    <Stack gap="md" maw={820}>
      <Title order={2}>Terminate Tenacy</Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label="Tenancy ID"
              value={idText}
              onChange={(value) => {
                setIdText(value);
                setTenancy(null);
              }}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              w={{ base: '100%', xs: 200 }}
            />
            <Button variant="default" onClick={lookUp} loading={looking} disabled={idText === ''}>
              Find
            </Button>
            <Button variant="light" onClick={() => setSearching(true)}>
              Search Tenancy
            </Button>
          </Group>
          {tenancy ? <TenancySummary tenancy={tenancy} /> : null}
          {managedElsewhere ? (
            <Alert color="yellow" variant="light">
              {TENANCY_MESSAGES.notAllowedToTerminate}
            </Alert>
          ) : null}
          {message ? (
            <Alert color="red" variant="light" role="alert">
              {message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button color="red" onClick={ask} disabled={managedElsewhere}>
              Terminate Tenancy
            </Button>
          </Group>
        </Stack>
      </Card>
      <TenancySearchDialog opened={searching} onClose={() => setSearching(false)} managingAgentId={managingAgentId} onSelect={select} />
      <ConfirmDialog
        opened={confirming && tenancy !== null}
        title="Terminate tenancy?"
        confirmLabel="Terminate"
        confirmColor="red"
        loading={terminate.isPending}
        onConfirm={() => tenancy && terminate.mutate(tenancy)}
        onCancel={() => setConfirming(false)}
      >
        {tenancy
          ? `End tenancy ${tenancy.TenancyId} of ${tenancy.Tenant_name} in ${tenancy.Property_name}, house ${tenancy.House_number}? The house becomes vacant; the statement stays.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
