import { Button, Menu, Text, useMatches } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { myLinksQuery } from '../../features/landlord-view/api/landlord-view';
import { useT } from '../../lib/i18n';
import { useSession, useSwitchSpace, WORK_ACCOUNT_LOCKED_NOTE } from '../../lib/session';
import { propertyManagementEntries } from './property-management-entries';

// The entries are worked out (and tested) in English; each has its catalogue key here.
const ENTRY_KEYS = {
  'Create Property management Account': 'nav.pmEntries.create',
  'My space': 'nav.pmEntries.mySpace',
  'My Agency': 'nav.pmEntries.myAgency',
  'My Work - Landlord Account': 'nav.pmEntries.myWorkLandlord',
  'My Work - Agency Account': 'nav.pmEntries.myWorkAgency',
  'Properties agencies manage for me': 'nav.landlordView',
} as const;

/** The navigation bar's Property Management dropdown (docs/screens.md#property-management-dropdown), for a signed-in user. */
export function PropertyManagementMenu() {
  const { session } = useSession();
  const switchSpace = useSwitchSpace();
  const size = useMatches({ base: 'compact-sm', sm: 'compact-md' });
  // On phones the label takes two lines, leaving the header room for the profile menu.
  const phone = useMatches({ base: true, sm: false });
  // The menu shows only for a signed-in user; a failed look-up just leaves the entry out.
  const links = useQuery({ ...myLinksQuery(), retry: false });
  const entries = propertyManagementEntries(session, { landlordLinks: links.data?.length ?? 0 });
  const { t } = useT();
  const name = (label: string) =>
    label in ENTRY_KEYS ? t(ENTRY_KEYS[label as keyof typeof ENTRY_KEYS]) : label;
  const note = (text: string) => (text === WORK_ACCOUNT_LOCKED_NOTE ? t('common.workAccountLocked') : text);

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size={size}
          px={6}
          rightSection={phone ? undefined : <Chevron />}
          styles={phone ? { root: { height: 'auto', paddingBlock: 2 }, label: PHONE_LABEL } : undefined}
        >
          {phone ? (
            <>
              <span>{t('nav.pmFirst')}</span> <span>{t('nav.pmSecond')}</span>
            </>
          ) : (
            t('nav.pm')
          )}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry) => {
          const { space } = entry;
          const label = entry.note ? (
            <>
              <Text size="sm">{name(entry.label)}</Text>
              <Text size="xs" c="dimmed">
                {note(entry.note)}
              </Text>
            </>
          ) : (
            name(entry.label)
          );
          return space ? (
            <Menu.Item key={entry.label} disabled={entry.disabled} onClick={() => switchSpace(space)}>
              {label}
            </Menu.Item>
          ) : (
            <Menu.Item key={entry.label} component={Link} to={entry.href}>
              {label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

const PHONE_LABEL = {
  flexDirection: 'column',
  alignItems: 'flex-start',
  lineHeight: 1.15,
  fontSize: 12,
} as const;

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden focusable="false">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
