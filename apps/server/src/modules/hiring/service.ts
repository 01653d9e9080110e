import { AGENT_TYPE, employeeRoleFor, HIRING_MESSAGES,  type AgencyUser, type FoundUser, type HireOffer, type Language } from '@makazi/domain';
import type { z } from 'zod';
import type { SetUserAccessRequest as SetUserAccess } from '@makazi/domain';
import type { AcceptOfferRequest, RejectOfferRequest, RevokeOfferRequest, TerminateContractRequest } from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import type { Mail, Mailer } from '../../plugins/mailer';
import type { RateLimits } from '../../config';
import { addressKey } from '../../security/address';
import type { RateLimiter } from '../../security/rate-limiter';
import { answerMail, inviteMail, offerMail } from './mail';
import * as repo from './repository';

type Flag = 0 | 1;
const flag = (v: number): Flag => (v === 1 ? 1 : 0);

/** The row a database guard (CHECK or trigger) refused: the rule held even when a race got past the service. */
function isGuardViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23514' || e.code === '23503') return true;
  }
  return false;
}

export function hiringService({
  db,
  clock,
  mailer,
  rateLimit,
  limits,
  signUpUrl,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  rateLimit: RateLimiter;
  limits: RateLimits;
  signUpUrl: string;
}) {
  // Mail follows the commit; a failed delivery is logged by the mailer and the offer stands.
  const notify = (mail: Mail) => mailer.send(mail).catch(() => undefined);

  function toOffer(row: Awaited<ReturnType<typeof repo.pendingOffersSent>>[number]): HireOffer {
    const { offeredAt, ...rest } = row;
    return { ...rest, Self: flag(rest.Self), DateOfferPlaced: offeredAt.toISOString() };
  }

  return {
    /** The agency an offer belongs to: it decides who may act on the offer. */
    agentOfOffer: (offerId: number) => repo.agentOfOffer(db, offerId),

    /**
     * Account admins look people up to hire (the route's scope), by the exact
     * email or phone only, a limited number of times per account and address.
     * The answer is the name and availability: the email or phone asked about
     * is all the caller gets back of the person's contacts.
     */
    async searchUsers(agentId: number, ip: string, by: { Email?: string; PhoneNo?: string }): Promise<FoundUser[]> {
      await rateLimit.consume(`directory:account:${agentId}`, limits.directoryPerAccount);
      await rateLimit.consume(`directory:ip:${addressKey(ip)}`, limits.directoryPerIp);
      const rows = await repo.findUsers(db, { email: by.Email?.toLowerCase(), phoneNo: by.PhoneNo });
      return rows.map((u) => ({
        UserNo: u.UserNo,
        Full_name: u.Full_name,
        Email: by.Email === undefined ? '' : u.Email,
        PhoneNo: by.PhoneNo === undefined ? '' : u.PhoneNo,
        Username: '',
        AvailableForWork: flag(u.AvailableForWork),
      }));
    },

    /** `language` is the office's (the request's): a stranger invited to sign up has no language of their own yet. */
    async sendOffer(
      caller: Caller,
      agentId: number,
      to: { UserNo?: number | undefined; Email?: string | undefined },
      language: Language,
    ) {
      const account = await repo.findAccount(db, agentId);
      if (!account) throw new NotFound();
      const user = to.UserNo !== undefined ? await repo.findUser(db, to.UserNo) : await repo.findUserByEmail(db, to.Email!);
      const sent = { message: HIRING_MESSAGES.offerSent, iserror: false };
      const recipient = user ? `user:${user.UserNo}` : `email:${to.Email ?? `user:${to.UserNo}`}`;
      await rateLimit.consume(`offer:agency:${agentId}`, limits.offersPerAgency);
      await rateLimit.consume(`offer:to:${recipient}`, limits.offersPerRecipient);
      if (!user) {
        // The same answer as a real offer: whether someone uses Makazi is not the sender's to learn.
        if (to.Email !== undefined) {
          await notify(
            inviteMail(to.Email, { agencyName: account.agentName, ownerName: account.ownerName, signUpUrl }, language),
          );
        }
        return sent;
      }
      const userNo = user.UserNo;
      if (userNo === caller.userNo || account.ownerUserNo === userNo) throw new Invalid(HIRING_MESSAGES.hireYourself);
      if (user.AvailableForWork !== 1) throw new Invalid(HIRING_MESSAGES.notAvailable(user.Username));
      const running = await repo.activeContractOf(db, userNo);
      if (running?.agentId === agentId) throw new Conflict(HIRING_MESSAGES.alreadyWorksHere);
      const self = flag(account.self);
      try {
        await repo.insertOffer(db, { agentId, agentSelf: self, userNo, role: employeeRoleFor(self) });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(HIRING_MESSAGES.alreadyOffered);
        if (isGuardViolation(error)) throw new Invalid(HIRING_MESSAGES.notAvailable(user.Username));
        throw error;
      }
      await notify(
        offerMail(
          user.Email,
          { userName: user.Full_name, agencyName: account.agentName, ownerName: account.ownerName },
          user.Language ?? 'en',
        ),
      );
      return sent;
    },

    async revokeOffer(agentId: number, input: z.output<typeof RevokeOfferRequest>) {
      const done = await repo.revokeOffer(
        db,
        { offerId: input.AgencyUserHireOfferNo, userNo: input.UserNo, agentId },
        clock.now(),
      );
      if (!done) throw new NotFound(HIRING_MESSAGES.offerNotPending);
      return { message: HIRING_MESSAGES.offerRevoked, iserror: false };
    },

    async offersSent(agentId: number): Promise<HireOffer[]> {
      return (await repo.pendingOffersSent(db, agentId)).map(toOffer);
    },

    async offersReceived(caller: Caller, userNo: number): Promise<HireOffer[]> {
      if (userNo !== caller.userNo) throw new NotFound();
      return (await repo.pendingOffersReceived(db, userNo)).map(toOffer);
    },

    async accept(caller: Caller, input: z.output<typeof AcceptOfferRequest>) {
      if (input.UserNo !== caller.userNo) throw new NotFound(HIRING_MESSAGES.offerNotPending);
      if (await repo.ownsAgencyAccount(db, caller.userNo)) throw new Forbidden(HIRING_MESSAGES.agencyOwnerCannotAccept);
      if (await repo.activeContractOf(db, caller.userNo)) throw new Conflict(HIRING_MESSAGES.alreadyContracted);
      const [user, account] = await Promise.all([repo.findUser(db, caller.userNo), repo.findAccount(db, input.AgentId)]);
      if (!user || !account) throw new NotFound(HIRING_MESSAGES.offerNotPending);
      let done: boolean;
      try {
        done = await repo.acceptOffer(
          db,
          {
            offerId: input.AgencyUserHireOfferNo,
            userNo: caller.userNo,
            agentId: input.AgentId,
            allocatedUsername: allocatedUsername(user.First_name, caller.userNo),
          },
          clock.now(),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(HIRING_MESSAGES.alreadyContracted);
        if (isGuardViolation(error)) throw new Forbidden(HIRING_MESSAGES.agencyOwnerCannotAccept);
        throw error;
      }
      if (!done) throw new NotFound(HIRING_MESSAGES.offerNotPending);
      await notify(
        answerMail(
          account.ownerEmail,
          { userName: user.Full_name, agencyName: account.agentName, accepted: true },
          account.ownerLanguage ?? 'en',
        ),
      );
      return { message: HIRING_MESSAGES.offerAccepted };
    },

    async reject(caller: Caller, input: z.output<typeof RejectOfferRequest>) {
      if (input.UserNo !== caller.userNo) throw new NotFound(HIRING_MESSAGES.offerNotPending);
      const offer = await repo.findContract(db, input.AgencyUserHireOfferNo);
      if (!offer || offer.userNo !== caller.userNo || offer.status !== 'pending') {
        throw new NotFound(HIRING_MESSAGES.offerNotPending);
      }
      const reason = input.DeclineReason?.trim() || null;
      const done = await repo.rejectOffer(
        db,
        { offerId: offer.offerId, userNo: caller.userNo, agentId: offer.agentId, reason },
        clock.now(),
      );
      if (!done) throw new NotFound(HIRING_MESSAGES.offerNotPending);
      const [user, account] = await Promise.all([repo.findUser(db, caller.userNo), repo.findAccount(db, offer.agentId)]);
      if (user && account) {
        await notify(
          answerMail(
            account.ownerEmail,
            { userName: user.Full_name, agencyName: account.agentName, accepted: false, reason },
            account.ownerLanguage ?? 'en',
          ),
        );
      }
      return { message: HIRING_MESSAGES.offerDeclined };
    },

    /** Ended by the contracted user or by the account's admin; who it was comes from the caller, not the request. */
    async terminate(caller: Caller, input: z.output<typeof TerminateContractRequest>) {
      const contract = await repo.findContract(db, input.offerId);
      if (!contract || contract.status !== 'accepted' || contract.userNo !== input.userNo) {
        throw new NotFound(HIRING_MESSAGES.noContract);
      }
      let endedBy: 'user' | 'admin';
      if (contract.userNo === caller.userNo) endedBy = 'user';
      else if ((await repo.findAccount(db, contract.agentId))?.ownerUserNo === caller.userNo) endedBy = 'admin';
      else throw new NotFound(HIRING_MESSAGES.noContract);
      if (input.contractEndedBy !== undefined && input.contractEndedBy !== endedBy) {
        throw new Invalid(endedBy === 'user' ? HIRING_MESSAGES.endOnlyAsUser : HIRING_MESSAGES.endOnlyAsAdmin);
      }
      const done = await repo.terminateContract(db, { offerId: contract.offerId, endedBy, endedByUserNo: caller.userNo }, clock.now());
      if (!done) throw new NotFound(HIRING_MESSAGES.noContract);
      return { message: HIRING_MESSAGES.contractEnded };
    },

    async toggleLoginStatus(agentId: number, input: { UserNo: number; AgencyUserHireOfferId: number; NewManagingAgentLoginStatus: Flag }) {
      const done = await repo.setLoginStatus(
        db,
        { offerId: input.AgencyUserHireOfferId, userNo: input.UserNo, agentId },
        input.NewManagingAgentLoginStatus,
      );
      if (!done) throw new NotFound(HIRING_MESSAGES.noContract);
      return { message: HIRING_MESSAGES.toggled(input.NewManagingAgentLoginStatus === 1) };
    },

    /**
     * The admin limits a hired user to chosen properties of the account, or to
     * none of them (the whole account), and hires them as clerk or caretaker
     * (decision 061). Takes effect on the user's next request.
     */
    async setAccess(agentId: number, input: z.output<typeof SetUserAccess>) {
      const propIds = [...new Set(input.PropIds)].sort((a, b) => a - b);
      await db.transaction(async (tx) => {
        const contract = await repo.lockAcceptedContract(tx, agentId, input.AgencyUserHireOfferId);
        if (!contract) throw new NotFound(HIRING_MESSAGES.noContract);
        const fits = contract.self === 1 ? input.Role === AGENT_TYPE.LANDLORD_EMPLOYEE : input.Role !== AGENT_TYPE.LANDLORD_EMPLOYEE;
        if (!fits) throw new Invalid(HIRING_MESSAGES.caretakerOnAgency);
        if (input.Role === AGENT_TYPE.CARETAKER && propIds.length === 0) throw new Invalid(HIRING_MESSAGES.caretakerNeedsProperty);
        if ((await repo.ownPropertyCount(tx, agentId, propIds)) !== propIds.length) throw new Invalid(HIRING_MESSAGES.notYourProperty);
        await repo.setContractAccess(tx, input.AgencyUserHireOfferId, input.Role, propIds);
      });
      return { message: HIRING_MESSAGES.accessSaved };
    },

    async agencyUsers(agentId: number): Promise<AgencyUser[]> {
      return (await repo.agencyUsers(db, agentId)).map((u) => ({
        ...u,
        ManagingAgentUserLoginStatus: flag(u.ManagingAgentUserLoginStatus),
        AvailableForWork: flag(u.AvailableForWork),
      }));
    },

    async changeAvailability(caller: Caller, available: Flag) {
      if (await repo.ownsAgencyAccount(db, caller.userNo)) throw new Forbidden(HIRING_MESSAGES.availabilityBlocked);
      try {
        await repo.setAvailability(db, caller.userNo, available);
      } catch (error) {
        if (isGuardViolation(error)) throw new Forbidden(HIRING_MESSAGES.availabilityBlocked);
        throw error;
      }
      return { message: HIRING_MESSAGES.availabilityChanged };
    },
  };
}

/** The name the user goes by on the hiring account: their first name and user number. */
function allocatedUsername(firstName: string, userNo: number): string {
  const base = firstName.toLowerCase().replace(/[^a-z0-9]/g, '') || 'user';
  return `${base}${userNo}`;
}

export type HiringService = ReturnType<typeof hiringService>;
