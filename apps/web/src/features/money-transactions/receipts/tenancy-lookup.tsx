import { TENANCY_MESSAGES, type Tenancy } from '@makazi/domain';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

import { listActiveTenancies } from '../../../lib/api/tenancies';
import { TenancySearchDialog } from '../../../components/tenancies/tenancy-search-dialog';
import { TenancySummary } from '../../../components/tenancies/tenancy-summary';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useT } from '../../../lib/i18n';

type TenancyLookupProps = {
  managingAgentId: number;
  selected: Tenancy | null;
  onSelect: (tenancy: Tenancy | null) => void;
  /** Bumped by the form when it starts again, so the typed id goes too. */
  resetKey: string;
};

/**
 * Tenancy id lookup: numeric; Validate searches the agent's active
 * tenancies; it stays disabled while empty or once a tenancy is selected.
 */
export function TenancyLookup(props: TenancyLookupProps) {
  return <Lookup key={props.resetKey} {...props} />;
}

function Lookup({ managingAgentId, selected, onSelect }: TenancyLookupProps) {
  const [idText, setIdText] = useState('');
  const { t, tm } = useT();
  const [message, setMessage] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [dialog, setDialog] = useState(false);
  const validateDisabled = idText === '' || selected !== null;

  const validate = async () => {
    if (selected) return;
    if (idText === '') return setMessage(TENANCY_MESSAGES.enterId);
    if (Number(idText) <= 0) return setMessage(TENANCY_MESSAGES.notFound);
    setSearching(true);
    setMessage(null);
    try {
      // An ended tenancy that still owes can be paid too.
      const tenancyId = Number(idText);
      let { tenancies } = await listActiveTenancies(managingAgentId, { tenancyId, pageSize: 1 });
      if (!tenancies.length) ({ tenancies } = await listActiveTenancies(managingAgentId, { tenancyId, pageSize: 1, listType: 'ended-with-balances' }));
      const found = tenancies.find((x) => x.TenancyId === tenancyId);
      if (found) onSelect(found);
      else setMessage(TENANCY_MESSAGES.notFound);
    } catch (error) {
      setMessage(apiErrorMessage(error, TENANCY_MESSAGES.cannotGet));
    } finally {
      setSearching(false);
    }
  };

  const clear = () => {
    onSelect(null);
    setIdText('');
    setMessage(null);
  };

  const viewOnly = selected !== null && selected.managingAgentId !== managingAgentId;

  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('money.receive.tenancyId')}
          inputMode="numeric"
          value={idText}
          readOnly={selected !== null}
          error={tm(message ?? undefined)}
          onChange={(e) => {
            // Numeric only: anything else is dropped as it is typed.
            setIdText(e.currentTarget.value.replace(/\D/g, ''));
            setMessage(null);
          }}
          onBlur={() => {
            if (idText !== '' && !selected && !searching) setMessage(TENANCY_MESSAGES.validateToSearch);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void validate();
            }
          }}
          w={{ base: '100%', xs: 200 }}
        />
        <Group gap="xs" mt={{ base: 0, xs: 25 }}>
          <Button
            variant="default"
            onClick={validate}
            loading={searching}
            data-disabled={validateDisabled || undefined}
            aria-disabled={validateDisabled}
            // A mouse press must not blur the input into 'Validate to search tenancy' first.
            onMouseDown={(e) => e.preventDefault()}
          >
            {t('money.receive.validate')}
          </Button>
          <Button variant="light" onClick={() => setDialog(true)} disabled={selected !== null}>
            {t('money.receive.searchTenancy')}
          </Button>
          {selected ? (
            <Button variant="subtle" color="gray" onClick={clear}>
              {t('money.receive.clearTenancy')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {selected ? (
        <TenancySummary
          tenancy={selected}
          badge={viewOnly ? <Badge color="yellow.4" c="dark.9">{t('money.receive.viewOnly')}</Badge> : undefined}
        />
      ) : null}
      {viewOnly ? (
        <Text c="orange.8" size="sm" role="status">
          {tm(TENANCY_MESSAGES.viewOnly)}
        </Text>
      ) : null}
      <TenancySearchDialog
        opened={dialog}
        onClose={() => setDialog(false)}
        managingAgentId={managingAgentId}
        onSelect={(t) => {
          setIdText(String(t.TenancyId));
          setMessage(null);
          onSelect(t);
        }}
      />
    </Stack>
  );
}
