import { ANSWER_MESSAGES, HOUSE_OCCUPIED, HOUSE_READINESS, PROPERTY_MESSAGES, type AllHousesQuery } from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Conflict, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import * as repo from './repository';

export interface HouseInput {
  House_number: string;
  Description: string;
  Rent: number;
  Deposit?: number | undefined;
  readiness?: 0 | 2 | undefined;
}

export function houseService({ db, clock }: { db: Db; clock: Clock }) {
  const refuseDuplicates = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new Conflict(PROPERTY_MESSAGES.houseNumberTaken);
    throw error;
  };

  return {
    /** The agent of a house decides who may touch it. */
    agentOfHouse: (houseId: number) => repo.agentOfHouse(db, houseId),

    async add(scope: AgentScope, propId: number, input: HouseInput) {
      const houseId = await repo
        .insertHouse(db, {
          propId,
          agentId: scope.agentId,
          houseNumber: input.House_number,
          description: input.Description,
          rentCents: input.Rent,
          depositCents: input.Deposit ?? 0,
          readiness: input.readiness ?? HOUSE_READINESS.YES,
          occupied: HOUSE_OCCUPIED.NO,
        })
        .catch(refuseDuplicates);
      return { message: ANSWER_MESSAGES.houseAdded, HouseId: houseId };
    },

    async edit(scope: AgentScope, houseId: number, input: HouseInput) {
      const house = await repo.findHouse(db, houseId);
      if (!house || house.agentId !== scope.agentId) throw new NotFound();
      // Deposit and readiness are a vacant house's terms; an occupied one keeps its tenancy's.
      const vacant = house.occupied !== HOUSE_OCCUPIED.YES;
      await repo
        .updateHouse(db, houseId, {
          houseNumber: input.House_number,
          description: input.Description,
          rentCents: input.Rent,
          ...(vacant && input.Deposit !== undefined ? { depositCents: input.Deposit } : {}),
          ...(vacant && input.readiness !== undefined ? { readiness: input.readiness } : {}),
          updatedAt: clock.now(),
        })
        .catch(refuseDuplicates);
      return { message: ANSWER_MESSAGES.houseUpdated };
    },

    ofProperty: (propId: number) => repo.housesOfProperty(db, propId),
    ofAgents: (agentIds: number[], q: AllHousesQuery) =>
      repo.housesOfAgents(db, agentIds, { houseId: q.HouseId, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
  };
}

export type HouseService = ReturnType<typeof houseService>;
