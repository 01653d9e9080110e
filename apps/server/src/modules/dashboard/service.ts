import {
  ARREARS_AGES,
  accountingDate,
  accountingMonth,
  centsToAmount,
  monthLapse,
  type DashboardMoney,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { AgentScope } from '../../plugins/agent-scope';
import { goLiveMonth } from '../invoicing/repository';
import * as repo from './repository';

export function dashboardService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /**
     * The money figures of the agency, for the accounting month and day of the
     * server's clock in Nairobi (as the monthly run picks its month). The four
     * statements read one snapshot, so the figures agree with each other.
     */
    async money(scope: AgentScope): Promise<DashboardMoney> {
      const now = clock.now();
      const month = accountingMonth(now);
      const today = accountingDate(now);
      const { agentId } = scope;
      const figures = await db.transaction(
        async (tx) => ({
          collection: await repo.rentCollection(tx, agentId, month),
          ages: await repo.arrearsByAge(tx, agentId, today),
          most: await repo.mostInArrears(tx, agentId),
          occupancy: await repo.occupancy(tx, agentId),
          goLive: await goLiveMonth(tx, agentId),
        }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      return {
        month,
        asOf: today,
        goLiveMonth: figures.goLive,
        collection: {
          charged: centsToAmount(figures.collection.charged),
          collected: centsToAmount(figures.collection.collected),
        },
        arrearsByAge: ARREARS_AGES.map((band, i) => {
          const row = figures.ages.find((r) => r.band === i);
          return { key: band.key, amount: centsToAmount(row?.cents ?? 0), tenancies: row?.tenancies ?? 0 };
        }),
        mostInArrears: figures.most.map((t) => ({
          TenancyId: t.tenancyId,
          Tenant_name: t.tenant,
          Property_name: t.property,
          House_number: t.house,
          RentArrears: centsToAmount(Math.max(t.rentArrearsCents - t.chargesDueCents, 0)),
          ChargesDue: centsToAmount(t.chargesDueCents),
          MonthLapse: monthLapse(t.rentArrearsCents - t.chargesDueCents, t.rentCents),
          DepositDue: centsToAmount(t.depositDueCents),
          Ended: t.ended,
        })),
        occupancy: figures.occupancy.map((p) => ({
          PropId: p.propId,
          Property_name: p.name,
          occupied: p.occupied,
          total: p.total,
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof dashboardService>;
