import { AGENT_TYPE, type Space } from '@makazi/domain';

import { paths } from '../../config/paths';
import { WORK_ACCOUNT_LOCKED_NOTE, workContextOf, type Session } from '../../lib/session';

export type PropertyManagementEntry = {
  label: string;
  href: string;
  /** The space choosing the entry enters; none for account creation. */
  space?: Space;
  disabled?: boolean;
  note?: string;
};

/**
 * The Property Management dropdown entries (docs/screens.md#property-management-dropdown), in order, for the signed-in user.
 * `landlordLinks`: how many agencies show this user, as their landlord, what they manage (issue 22); a landlord with
 * no work account of their own otherwise finds nothing here they can use.
 */
export function propertyManagementEntries(session: Session, { landlordLinks = 0 }: { landlordLinks?: number } = {}): PropertyManagementEntry[] {
  const { agentType } = workContextOf(session, undefined);
  const entries: PropertyManagementEntry[] = [];
  if (session.adminAgentId === null) {
    entries.push({ label: 'Create Property management Account', href: paths.createAgencyAccount.getHref() });
  }
  if (agentType === AGENT_TYPE.LANDLORD) {
    entries.push({ label: 'My space', href: paths.pm.root.getHref('myspace'), space: 'myspace' });
  }
  if (agentType === AGENT_TYPE.AGENCY_ADMIN) {
    entries.push({ label: 'My Agency', href: paths.pm.root.getHref('agency'), space: 'agency' });
  }
  const hasWork =
    (agentType === AGENT_TYPE.LANDLORD &&
      session.managingAgentId !== null &&
      session.managingAgentId !== session.adminAgentId) ||
    agentType === AGENT_TYPE.AGENCY_EMPLOYEE ||
    agentType === AGENT_TYPE.LANDLORD_EMPLOYEE;
  if (hasWork) {
    const allowedIn = session.managingAgentUserLoginStatus === 1;
    entries.push({
      label: `My Work ${session.managingAgentSelf === 1 ? '- Landlord Account' : '- Agency Account'}`,
      href: paths.pm.root.getHref('agency'),
      space: 'agency',
      disabled: !allowedIn,
      note: allowedIn ? undefined : WORK_ACCOUNT_LOCKED_NOTE,
    });
  }
  if (landlordLinks > 0) entries.push({ label: 'Properties agencies manage for me', href: paths.landlordView.getHref() });
  return entries;
}
