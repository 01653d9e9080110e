import { ANSWER_MESSAGES, AGENT_TYPE, PROPERTY_MESSAGES, type RegisterPropertyRequest } from '@makazi/domain';
import type { Db } from '../../db/database';
import { Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import { findOwnedClient } from '../clients/repository';
import * as repo from './repository';

export function propertyService({ db }: { db: Db }) {
  /**
   * A landlord's own account (and its employees) registers properties for the
   * account's owner; an agency names the landlord it found.
   */
  async function landlordFor(scope: AgentScope, requested: number | undefined): Promise<number> {
    if (scope.role === AGENT_TYPE.LANDLORD || scope.role === AGENT_TYPE.LANDLORD_EMPLOYEE) {
      return repo.ownerClientNoOf(db, scope.agentId);
    }
    if (requested === undefined) throw new Invalid(PROPERTY_MESSAGES.noLandlordSelected);
    // Anyone but the agency's own client answers as if they did not exist.
    const landlord = await findOwnedClient(db, scope.agentId, requested);
    if (!landlord) throw new NotFound(PROPERTY_MESSAGES.landlordNotFound);
    return landlord.ClientNo;
  }

  return {
    /** The agent of a property decides who may touch it and its houses. */
    agentOfProperty: (propId: number) => repo.agentOfProperty(db, propId),

    async register(scope: AgentScope, input: RegisterPropertyRequest) {
      const propId = await repo.insertProperty(db, {
        agentId: scope.agentId,
        landlordNo: await landlordFor(scope, input.LandlordNo),
        propertyName: input.Property_name,
        rentalUnits: input.Rental_units,
        county: input.County,
        town: input.Town,
        areaEstate: input.Area_Estate,
        lrNumber: input.Lr_number || null,
        eritsRef: input.Erits_ref || null,
      });
      // An agency's property has no terms yet: the screen asks for its agreement, or the explicit "no commission", next (decision 048).
      const agency = scope.role !== AGENT_TYPE.LANDLORD && scope.role !== AGENT_TYPE.LANDLORD_EMPLOYEE;
      return { message: ANSWER_MESSAGES.propertyRegistered, PropId: propId, AgreementNeeded: agency };
    },

    list(agentIds: number[], propIds: readonly number[] | null = null) {
      return repo.listProperties(db, agentIds, undefined, propIds);
    },
  };
}

export type PropertyService = ReturnType<typeof propertyService>;
