import { AGENT_TYPE, PROPERTY_MESSAGES, type RegisterPropertyRequest } from '@makazi/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { agents, clients } from '../../db/schema';
import { Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import * as repo from './repository';

export function propertyService({ db }: { db: Db }) {
  /**
   * A landlord's own account (and its employees) registers properties for the
   * account's owner; an agency names the landlord it found.
   */
  async function landlordFor(scope: AgentScope, requested: number | undefined): Promise<number> {
    if (scope.role === AGENT_TYPE.LANDLORD || scope.role === AGENT_TYPE.LANDLORD_EMPLOYEE) {
      const [owner] = await db.select({ clientNo: agents.ownerClientNo }).from(agents).where(eq(agents.agentId, scope.agentId));
      return owner!.clientNo;
    }
    if (requested === undefined) throw new Invalid(PROPERTY_MESSAGES.noLandlordSelected);
    const [landlord] = await db.select({ clientNo: clients.clientNo }).from(clients).where(eq(clients.clientNo, requested));
    if (!landlord) throw new NotFound(PROPERTY_MESSAGES.landlordNotFound);
    return landlord.clientNo;
  }

  return {
    async register(scope: AgentScope, input: RegisterPropertyRequest) {
      const propId = await repo.insertProperty(db, {
        agentId: scope.agentId,
        landlordNo: await landlordFor(scope, input.LandlordNo),
        propertyName: input.Property_name,
        rentalUnits: input.Rental_units,
        county: input.County,
        town: input.Town,
        areaEstate: input.Area_Estate,
      });
      return { message: 'Property registered successfully', PropId: propId };
    },

    list(agentIds: number[]) {
      return repo.listProperties(db, agentIds);
    },
  };
}

export type PropertyService = ReturnType<typeof propertyService>;
