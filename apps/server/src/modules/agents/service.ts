import {
  AGENT_MESSAGES,
  type AgencyRegistration,
  type AgencyVat,
  type AgentAccountsOfUser,
  type CreateAgentRequest,
  type SaveAgencyRegistrationRequest,
  type SaveAgencyVatRequest,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Conflict, NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import * as repo from './repository';

type CreateAgentInput = z.output<typeof CreateAgentRequest>;
type VatInput = z.output<typeof SaveAgencyVatRequest>;

export function agentService({ db }: { db: Db }) {
  return {
    /** The agency's EARB registration number and practising certificate year, printed on its papers. */
    async registration(agentId: number): Promise<AgencyRegistration> {
      return (await repo.findRegistration(db, agentId)) ?? { EarbNo: null, PractisingYear: null };
    },

    async saveRegistration(agentId: number, input: SaveAgencyRegistrationRequest) {
      await repo.saveRegistration(db, agentId, { EarbNo: input.EarbNo, PractisingYear: input.PractisingYear });
      return { message: AGENT_MESSAGES.registrationSaved, ...(await repo.findRegistration(db, agentId))! };
    },

    /** Whether the agency is VAT-registered, with its PIN and the day it applies from: its fees carry VAT from that day (decision 054). */
    vat: (agentId: number): Promise<AgencyVat> => repo.findVat(db, agentId),

    async saveVat(agentId: number, input: VatInput) {
      await repo.saveVat(db, agentId, { VatPin: input.VatPin, VatFrom: input.VatFrom });
      return { message: AGENT_MESSAGES.vatSaved, ...(await repo.findVat(db, agentId)) };
    },

    /** Every account the user may act on now: owned, or hired into and switched on. */
    actingAgentIds: (userNo: number) => repo.actingAgentIds(db, userNo),

    /** A landlord's or an agency's account, owned by the caller, with its starting ledgers. */
    async create(caller: Caller, input: CreateAgentInput) {
      // The account is always the caller's own, whatever ClientNo the form carries.
      try {
        const agentId = await db.transaction(async (tx) => {
          const ties = await repo.loadAgentTies(tx, caller.userNo);
          if (ties.adminAgentId != null) throw new Conflict(AGENT_MESSAGES.alreadyHasAccount);
          return repo.insertAgent(tx, {
            agentName: input.AgentName,
            ownerClientNo: caller.clientNo,
            ownerUserNo: caller.userNo,
            self: input.Self,
            kraPin: input.Kra_pin,
            address: input.Address,
            hasOwnProperty: input.HasOwnProperty,
          });
        });
        return { message: AGENT_MESSAGES.created, AgentId: agentId };
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(AGENT_MESSAGES.alreadyHasAccount);
        throw error;
      }
    },

    async accountsOf(caller: Caller, userNo: number): Promise<AgentAccountsOfUser> {
      if (userNo !== caller.userNo) throw new NotFound();
      const t = await repo.loadAgentTies(db, caller.userNo);
      return {
        agents: {
          myAgentAccount:
            t.adminAgentId == null
              ? null
              : { AgentId: t.adminAgentId, Self: t.adminAccountSelf === 1 ? 1 : 0, AgentName: t.adminAgentName ?? '' },
          managingAgentAccount:
            t.managingAgentId == null
              ? null
              : {
                  ManagingAgentId: t.managingAgentId,
                  ManagingAgentSelf: t.managingAgentSelf === 1 ? 1 : 0,
                  ManagingAgentName: t.managingAgentName ?? '',
                  ManagingAgentOwnerName: t.managingOwnerName ?? '',
                  AgencyUserHireOfferId: t.offerId!,
                },
        },
      };
    },

    async byId(agentId: number) {
      const agent = await repo.findAgent(db, agentId);
      if (!agent) throw new NotFound();
      return [{ ...agent, Self: agent.Self === 1 ? (1 as const) : (0 as const) }];
    },
  };
}

export type AgentService = ReturnType<typeof agentService>;
