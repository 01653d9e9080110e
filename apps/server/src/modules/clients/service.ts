import { CLIENT_MESSAGES, normaliseEmail, type ClientSearchQuery, type EditClientRequest, type LandlordSearchQuery, type RegisterClientRequest } from '@makazi/domain';
import type { Db } from '../../db/database';
import { Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import * as repo from './repository';

/** A search answers a few more than the dialog shows, so it can offer 'More...'. */
const SEARCH_LIMIT = 20;

export function clientService({ db }: { db: Db }) {
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
      });
      return { message: 'Client registered successfully', clientNo };
    },

    async edit(scope: AgentScope, input: EditClientRequest) {
      const current = await repo.findCapturedClient(db, scope.agentId, input.ClientNo);
      if (!current) throw new NotFound(CLIENT_MESSAGES.notFound);
      const change = { fullName: input.Full_name, email: normaliseEmail(input.Email), phoneNo: input.PhoneNo };
      if (change.fullName === current.Full_name && change.email === current.Email && change.phoneNo === current.PhoneNo) {
        throw new Invalid(CLIENT_MESSAGES.noChanges);
      }
      await repo.updateClient(db, input.ClientNo, change);
      return { message: 'Client details updated' };
    },

    async byNo(scope: AgentScope, clientNo: number) {
      const found = await repo.findOwnedClient(db, scope.agentId, clientNo);
      return found ? [found] : [];
    },

    async count(scope: AgentScope) {
      return { registered: await repo.countCapturedClients(db, scope.agentId) };
    },

    search(scope: AgentScope, query: ClientSearchQuery) {
      return repo.searchClientsOfAgent(db, scope.agentId, query.searchOption, query.searchValue, SEARCH_LIMIT);
    },

    landlords(scope: AgentScope, query: LandlordSearchQuery) {
      return repo.findLandlordsExactly(db, scope.agentId, query.searchOption, query.searchValue);
    },
  };
}

export type ClientService = ReturnType<typeof clientService>;
