import { FIND_HOUSE_PAGE_SIZE, centsToAmount, normaliseEmail, type SaveVacancyListingRequest, type VacancyListing, type VacantHousesPage } from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Caller } from '../../plugins/authenticate';
import type { AgentScope } from '../../plugins/agent-scope';
import { versionedCache } from './cache';
import * as repo from './repository';

export function findHouseService({ db, clock }: { db: Db; clock: Clock }) {
  const cache = versionedCache<VacantHousesPage>();
  return {
    async vacantHouses(filter: repo.VacantFilter, page: number): Promise<VacantHousesPage> {
      const version = await repo.listingVersion(db);
      const key = JSON.stringify([filter.county, filter.town, filter.estate, filter.minRentCents, filter.maxRentCents, page]);
      return cache.get(key, version, () => this.readVacantHouses(filter, page));
    },

    async readVacantHouses(filter: repo.VacantFilter, page: number): Promise<VacantHousesPage> {
      const offset = (page - 1) * FIND_HOUSE_PAGE_SIZE;
      const [rows, total] = await Promise.all([
        repo.listVacantHouses(db, filter, FIND_HOUSE_PAGE_SIZE, offset),
        repo.countVacantHouses(db, filter),
      ]);
      return {
        total,
        page,
        pageSize: FIND_HOUSE_PAGE_SIZE,
        houses: rows.map((r) => ({
          HouseId: r.houseId,
          Property_name: r.propertyName,
          House_number: r.houseNumber,
          Description: r.description,
          Rent: centsToAmount(r.rentCents),
          Deposit: centsToAmount(r.depositCents),
          County: r.county,
          Town: r.town,
          Area_Estate: r.areaEstate,
          AgencyName: r.agencyName,
          EnquiryPhone: r.enquiryPhone,
          EnquiryEmail: r.enquiryEmail,
        })),
      };
    },

    /** The agency's listing; before it chose, unpublished with its owner's contact to start from. */
    async listing(scope: AgentScope): Promise<VacancyListing> {
      const saved = await repo.findListing(db, scope.agentId);
      if (saved) return { Published: saved.published, EnquiryPhone: saved.enquiryPhone, EnquiryEmail: saved.enquiryEmail };
      const owner = await repo.ownerContact(db, scope.agentId);
      return { Published: false, EnquiryPhone: owner?.phone_no ?? '', EnquiryEmail: owner?.email ?? '' };
    },

    async saveListing(scope: AgentScope, caller: Caller, input: SaveVacancyListingRequest) {
      await repo.saveListing(db, {
        agentId: scope.agentId,
        published: input.Published,
        enquiryPhone: input.EnquiryPhone,
        enquiryEmail: normaliseEmail(input.EnquiryEmail),
        updatedAt: clock.now(),
        updatedBy: caller.userNo,
      });
      return this.listing(scope);
    },
  };
}

export type FindHouseService = ReturnType<typeof findHouseService>;
