import {
  CLIENT_MESSAGES,
  DEFAULT_LANGUAGE,
  normaliseEmail,
  type ClientSearchQuery,
  type EditClientRequest,
  type LandlordSearchQuery,
  type RegisterClientRequest,
} from '@makazi/domain';
import type { Db } from '../../db/database';
import { Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import type { AuditService } from '../audit/service';
import * as repo from './repository';

/** A search answers a few more than the dialog shows, so it can offer 'More...'. */
const SEARCH_LIMIT = 20;

export function clientService({ db, audit }: { db: Db; audit?: Pick<AuditService, 'recordReads'> }) {
  /** A client's ID number or KRA PIN shown is personal data read: the audit trail keeps who saw whose. */
  const idNumbersShown = async (
    scope: AgentScope,
    shown: { ClientNo: number; Id_number: string | null; Kra_pin: string | null }[],
  ) => {
    await audit?.recordReads(
      scope.agentId,
      'clients',
      shown.filter((c) => c.Id_number).map((c) => c.ClientNo),
      ['id_number'],
    );
    await audit?.recordReads(
      scope.agentId,
      'clients',
      shown.filter((c) => c.Kra_pin).map((c) => c.ClientNo),
      ['kra_pin'],
    );
  };

  return {
    async register(scope: AgentScope, input: RegisterClientRequest) {
      const clientNo = await repo.insertClient(db, {
        firstName: input.First_name,
        lastName: input.Last_name,
        fullName: `${input.First_name} ${input.Last_name}`,
        email: normaliseEmail(input.Email),
        phoneNo: input.PhoneNo,
        idNumber: input.Id_number || null,
        capturingAgentId: scope.agentId,
        preferredLanguage: input.Preferred_language ?? DEFAULT_LANGUAGE,
        kraPin: input.Kra_pin || null,
      });
      return { message: 'Client registered successfully', clientNo };
    },

    async edit(scope: AgentScope, input: EditClientRequest) {
      const current = await repo.findCapturedClient(db, scope.agentId, input.ClientNo);
      if (!current) throw new NotFound(CLIENT_MESSAGES.notFound);
      const change = {
        fullName: input.Full_name,
        email: normaliseEmail(input.Email),
        phoneNo: input.PhoneNo,
        preferredLanguage: input.Preferred_language ?? current.Preferred_language,
        kraPin: input.Kra_pin === undefined ? current.Kra_pin : input.Kra_pin || null,
      };
      if (
        change.fullName === current.Full_name &&
        change.email === current.Email &&
        change.phoneNo === current.PhoneNo &&
        change.preferredLanguage === current.Preferred_language &&
        change.kraPin === current.Kra_pin
      ) {
        throw new Invalid(CLIENT_MESSAGES.noChanges);
      }
      await repo.updateClient(db, input.ClientNo, change);
      return { message: 'Client details updated' };
    },

    async byNo(scope: AgentScope, clientNo: number) {
      const found = await repo.findOwnedClient(db, scope.agentId, clientNo);
      await idNumbersShown(scope, found ? [found] : []);
      return found ? [found] : [];
    },

    async count(scope: AgentScope) {
      return { registered: await repo.countCapturedClients(db, scope.agentId) };
    },

    async search(scope: AgentScope, query: ClientSearchQuery) {
      const found = await repo.searchClientsOfAgent(db, scope.agentId, query.searchOption, query.searchValue, SEARCH_LIMIT);
      await idNumbersShown(scope, found);
      return found;
    },

    async landlords(scope: AgentScope, query: LandlordSearchQuery) {
      const found = await repo.findLandlordsExactly(db, scope.agentId, query.searchOption, query.searchValue);
      await audit?.recordReads(
        scope.agentId,
        'clients',
        found.filter((c) => c.Kra_pin).map((c) => c.ClientNo),
        ['kra_pin'],
      );
      return found;
    },
  };
}

export type ClientService = ReturnType<typeof clientService>;
