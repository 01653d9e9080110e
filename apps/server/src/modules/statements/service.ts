import type { Db } from '../../db/database';
import type { AgentScope } from '../../plugins/agent-scope';
import type { TenancyService } from '../tenancies/service';
import { tenancyFor } from '../tenancies/view';
import type { Language } from '@makazi/domain';
import { statementLines, tenantLanguage } from './repository';

/** A tenant's statement in every form it is given: lines on screen, a PDF, a CSV file. */
export function tenantStatementService({
  db,
  tenancies,
}: {
  db: Db;
  tenancies: Pick<TenancyService, 'one'>;
}) {
  return {
    /** The statement of a tenancy the scope may see, or 404: the one check for every form of it. */
    async lines(scope: AgentScope, tenancyId: number) {
      await tenancyFor(db, scope, tenancyId);
      return statementLines(db, tenancyId);
    },

    /** The tenancy with its statement, for the PDF's header and table, in the language asked for, else the tenant's. */
    async withTenancy(scope: AgentScope, tenancyId: number, language?: Language) {
      const tenancy = await tenancies.one(scope, tenancyId);
      return {
        tenancy,
        lines: await statementLines(db, tenancy.TenancyId),
        language: language ?? (await tenantLanguage(db, tenancy.TenancyId)),
      };
    },
  };
}

export type TenantStatementService = ReturnType<typeof tenantStatementService>;
