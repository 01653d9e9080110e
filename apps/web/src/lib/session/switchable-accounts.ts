import type { AgentAccountsOfUser, Space } from '@makazi/domain';

import type { Session } from './session-types';
import { workContextOf } from './use-work-context';

export type SwitchableAccount = {
  key: 'own' | 'work';
  /** How the Property Management menu names it: My space, My Agency or My Work. */
  title: string;
  name: string;
  kind: string;
  space: Space;
  agentId: number;
  /** A work account whose admin has switched the user off: listed, not enterable. */
  locked: boolean;
  /** A landlord's own account rather than an agency's: how the screens name it in the reader's language. */
  landlord: boolean;
  ownerName: string;
};

/**
 * Every account the user may work in: their own (a landlord's account or an
 * agency they own) and the account that hired them. A user owns at most one
 * account and holds at most one running contract, so this is at most two.
 */
export function switchableAccounts(
  session: Session,
  accounts: AgentAccountsOfUser['agents'] | undefined,
): SwitchableAccount[] {
  if (!accounts) return [];
  const { myAgentAccount: own, managingAgentAccount: work } = accounts;
  const list: SwitchableAccount[] = [];
  if (own) {
    const landlord = own.Self === 1;
    list.push({
      key: 'own',
      title: landlord ? 'My space' : 'My Agency',
      name: own.AgentName,
      kind: landlord ? 'Landlord account' : 'Agency account',
      space: landlord ? 'myspace' : 'agency',
      agentId: own.AgentId,
      locked: false,
      landlord,
      ownerName: '',
    });
  }
  // The work account is reachable only where role derivation leads the agency space to it.
  if (work && workContextOf(session, 'agency').managingAgentId === work.ManagingAgentId) {
    const landlord = work.ManagingAgentSelf === 1;
    list.push({
      key: 'work',
      title: 'My Work',
      name: landlord ? `Landord account for ${work.ManagingAgentOwnerName}` : work.ManagingAgentName,
      kind: landlord ? 'Landlord Account' : 'Agency Account',
      space: 'agency',
      agentId: work.ManagingAgentId,
      locked: session.managingAgentUserLoginStatus !== 1,
      landlord,
      ownerName: work.ManagingAgentOwnerName,
    });
  }
  return list;
}
