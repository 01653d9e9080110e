import {
  ANSWER_MESSAGES,
  HOUSE_OCCUPIED,
  SETTLEMENT_MESSAGES,
  TENANCY_MESSAGES,
  accountingDate,
  accountingMonth,
  centsToAmount,
  monthLabel,
  monthLapse,
  rentArrears,
  type ActiveTenanciesQuery,
  type BookTenancyRequest,
  type Tenancy,
  type TenanciesExportQuery,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { keysetBatches } from '../../db/keyset-batches';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import type { Caller } from '../../plugins/authenticate';
import type { AuditService } from '../audit/service';
import { findOwnedClient } from '../clients/repository';
import { postDepositCharge, postRentCharge } from '../ledger/posting';
import { postMonthlyRentCharges } from '../ledger/monthly-run';
import { goLiveMonth } from '../invoicing/repository';
import * as repo from './repository';
import { settleTenancy, type SettlementChoice } from './settlement';
import { requireManaged, tenancyFor, viewOf } from './view';

type BookInput = z.output<typeof BookTenancyRequest>;
type ListInput = z.output<typeof ActiveTenanciesQuery>;
type ExportInput = z.output<typeof TenanciesExportQuery>;

const iso = (v: Date | string) => new Date(v).toISOString();

/** Tenancies read per statement while an export streams. */
const EXPORT_BATCH = 2_000;

export function toTenancy(r: repo.TenancyRow): Tenancy {
  const balance = Number(r.balance);
  const depositDue = Number(r.deposit_due);
  const rent = Number(r.rent_cents);
  return {
    TenancyId: Number(r.tenancy_id),
    HouseId: Number(r.house_id),
    managingAgentId: Number(r.agent_id),
    ManagingAgentName: r.agent_name,
    ClientNo: Number(r.client_no),
    Tenant_name: r.full_name,
    Email: r.email,
    PhoneNo: r.phone_no,
    Tenant_ID_number: r.client_id_number ?? r.id_number ?? null,
    Id_number: r.id_number,
    Tenant_Employer: r.employer,
    Tenant_Business: r.business,
    Next_of_kin_name: r.next_of_kin_name,
    Next_of_kin_phone: r.next_of_kin_phone,
    Property_name: r.property_name,
    House_number: r.house_number,
    Town: r.town,
    Area_Estate: r.area_estate,
    StartDate: iso(r.start_date),
    EndDate: r.ended_at ? iso(r.ended_at) : null,
    Rent: centsToAmount(rent),
    Deposit: centsToAmount(Number(r.deposit_cents)),
    RentBalance: centsToAmount(balance),
    MonthLapse: monthLapse(rentArrears({ balance, depositDue, chargesDue: Number(r.charges_due) }), rent),
    DepositDue: centsToAmount(depositDue),
    ChargesDue: centsToAmount(Number(r.charges_due)),
    DepositHeld: centsToAmount(Number(r.deposit_held)),
    UpdatedBy: r.booked_by,
  };
}

export function tenancyService({ db, clock, audit }: { db: Db; clock: Clock; audit?: Pick<AuditService, 'recordReads'> }) {
  async function one(scope: AgentScope, tenancyId: number) {
    await tenancyFor(db, scope, tenancyId);
    const {
      rows: [row],
    } = await repo.listTenancies(db, {
      selection: { tenancyId },
      limit: 1,
      offset: 0,
    });
    const tenancy = toTenancy(row!);
    return { ...tenancy, BusinessTenantWithoutPin: await repo.businessTenantWithoutPin(db, tenancyId, accountingDate(clock.now())) };
  }

  return {
    /** The tenancy, the house marked occupied, the deposit and the first month's rent: one transaction. */
    async book(scope: AgentScope, caller: Caller, input: BookInput) {
      const now = clock.now();
      const month = accountingMonth(now);
      try {
        return await db.transaction(async (tx) => {
          const house = await repo.houseForBooking(tx, input.HouseId);
          if (!house || house.agentId !== scope.agentId) throw new NotFound('House not found');
          if (house.occupied === HOUSE_OCCUPIED.YES) throw new Conflict(TENANCY_MESSAGES.houseOccupied);
          if (!(await findOwnedClient(tx, scope.agentId, input.ClientNo)))
            throw new NotFound('No client found');
          const rent = input.Rent ?? house.rentCents;
          const deposit = input.Deposit ?? house.depositCents;
          if (rent <= 0) throw new Invalid(ANSWER_MESSAGES.rentAboveZero);

          const tenancyId = await repo.insertTenancy(tx, {
            agentId: scope.agentId,
            houseId: house.houseId,
            clientNo: input.ClientNo,
            startDate: now,
            firstMonth: month,
            rentCents: rent,
            depositCents: deposit,
            idNumber: input.Id_number,
            employer: input.Tenant_Employer,
            business: input.Tenant_Business,
            nextOfKinName: input.Next_of_kin_name,
            nextOfKinPhone: input.Next_of_kin_phone,
            bookedBy: caller.userNo,
          });
          await repo.setHouseOccupied(tx, house.houseId, HOUSE_OCCUPIED.YES, now);
          const charge = { agentId: scope.agentId, tenancyId, postedAt: now, postedBy: caller.userNo };
          await postDepositCharge(tx, { ...charge, amount: deposit });
          // Booked before the agency's go-live (its tenants entered ahead of it): the first rent charged is go-live's, by the run (decision 042).
          const goLive = await goLiveMonth(tx, scope.agentId);
          if (goLive === null || month >= goLive) {
            await postRentCharge(tx, {
              ...charge,
              amount: rent,
              month,
              details: `Rent for ${monthLabel(month)}`,
            });
          }
          return { message: ANSWER_MESSAGES.tenancyBooked, TenancyId: tenancyId };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(TENANCY_MESSAGES.houseOccupied);
        throw error;
      }
    },

    /**
     * Ends the tenancy, frees the house and settles what the admin chose (the
     * held deposit to arrears, a refund): one transaction. The ledger and the
     * statement stay; a balance left over keeps the tenancy listed.
     */
    async terminate(scope: AgentScope, caller: Caller, tenancyId: number, choice: SettlementChoice = {}) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const access = await tenancyFor(tx, scope, tenancyId, true);
        requireManaged(access, TENANCY_MESSAGES.notAllowedToTerminate);
        if (access.endedAt) throw new Conflict(TENANCY_MESSAGES.nothingToTerminate);
        // Months the run never reached are owed up to the month it ends in (a month begun is a month owed).
        await postMonthlyRentCharges(tx, { agentId: scope.agentId, runId: null, month: accountingMonth(now), postedAt: now, postedBy: caller.userNo, tenancyId });
        await repo.endTenancy(tx, tenancyId, now, caller.userNo);
        await repo.setHouseOccupied(tx, access.houseId, HOUSE_OCCUPIED.NO, now);
        const settled = await settleTenancy(tx, { agentId: scope.agentId, tenancyId, postedAt: now, postedBy: caller.userNo }, choice);
        return { message: [ANSWER_MESSAGES.tenancyTerminated, ...settled.messages].join('. '), ...settled, messages: undefined };
      });
    },

    /** Settles a tenancy that has already ended: the same choices as at its end. */
    async settle(scope: AgentScope, caller: Caller, tenancyId: number, choice: SettlementChoice) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const access = await tenancyFor(tx, scope, tenancyId, true);
        requireManaged(access, TENANCY_MESSAGES.notAllowedToTerminate);
        if (!access.endedAt) throw new Conflict(SETTLEMENT_MESSAGES.notEnded);
        const settled = await settleTenancy(tx, { agentId: scope.agentId, tenancyId, postedAt: now, postedBy: caller.userNo }, choice);
        return { message: settled.messages.join('. ') || 'Nothing to settle', ...settled, messages: undefined };
      });
    },

    /** Active tenancies, or with `ended-with-balances` the ended ones that still owe or are owed money. */
    async listActive(scope: AgentScope, q: ListInput) {
      return page(activeSelection(scope, q), q);
    },

    /**
     * Every tenancy the list's filters match, for a spreadsheet, without a cap: the list's own statement read in
     * batches by id (newest first), so the file streams as it is read and no transaction stays open.
     */
    async *exportActive(scope: AgentScope, q: ExportInput, batch = EXPORT_BATCH): AsyncGenerator<Tenancy[]> {
      const selection = activeSelection(scope, q);
      const batches = keysetBatches(
        async (beforeId: number | undefined) =>
          (await repo.listTenancies(db, { ...filterOptions(q), selection, limit: batch, offset: 0, beforeId, countAhead: 0 })).rows,
        (last) => Number(last.tenancy_id),
        batch,
      );
      for await (const rows of batches) yield rows.map(toTenancy);
    },

    /** A landlord's own account sees the tenancies on its owner's properties, whoever manages them. */
    async listByLandlord(scope: AgentScope, landlordNumber: number) {
      const view = await viewOf(db, scope);
      if (view.landlordClientNo !== landlordNumber) throw new NotFound();
      return page({ landlordNo: landlordNumber }, { page: 1, pageSize: 500, listType: 'all' });
    },

    /** One tenancy the scope may see (active or ended), for the pages built on it. */
    one,

    /**
     * The details screen: the tenant's ID number shown is personal data read,
     * so the audit trail keeps who saw it, on the tenancy and on the client.
     */
    async details(scope: AgentScope, tenancyId: number) {
      const tenancy = await one(scope, tenancyId);
      if (tenancy.Tenant_ID_number) {
        await audit?.recordReads(scope.agentId, 'tenancies', [tenancy.TenancyId], ['id_number']);
        await audit?.recordReads(scope.agentId, 'clients', [tenancy.ClientNo], ['id_number']);
      }
      return tenancy;
    },

    counts: (scope: AgentScope) => repo.countTenancies(db, scope.agentId),
  };

  async function page(selection: repo.TenancySelection, q: ListFilter & { page: number; pageSize: number }) {
    const { rows, total, exact } = await repo.listTenancies(db, {
      ...filterOptions(q),
      selection,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { tenancies: rows.map(toTenancy), total, exact };
  }
}

type ListFilter = Pick<ListInput, 'listType' | 'filterBy' | 'filterValue'>;

/** The agency's tenancies in the list the query names (active, or ended and unsettled), or one of them. */
function activeSelection(scope: AgentScope, q: Pick<ListInput, 'listType' | 'tenancyId'>): repo.TenancySelection {
  return { agentId: scope.agentId, ended: q.listType === 'ended-with-balances', tenancyId: q.tenancyId };
}

/** What the list's filter fields mean to the repository: the one reading of them, for the page and the export. */
function filterOptions(q: ListFilter) {
  return {
    filterBy: q.filterBy,
    filterValue: q.filterValue,
    withBalancesOnly: q.listType === 'balances',
    unsettledOnly: q.listType === 'ended-with-balances',
  };
}

export type TenancyService = ReturnType<typeof tenancyService>;
