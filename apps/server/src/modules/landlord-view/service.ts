import {
  LANDLORD_LINK_MESSAGES,
  normaliseEmail,
  translatorFor,
  type AgencyLandlordLink,
  type Invitation,
  type MyLandlordLink,
} from '@makazi/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Forbidden, Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import type { Caller } from '../../plugins/authenticate';
import type { Mailer } from '../../plugins/mailer';
import type { ExpenseService } from '../expenses/service';
import { agencyName, landlordLanguage, landlordOfAgent } from '../landlord-money/journal';
import type { OwnerStatementService } from '../owner-statements/service';
import type { PayoutService } from '../payouts/service';
import type { RentalTaxService } from '../rental-tax/service';
import * as repo from './repository';

/** 32 random bytes, URL-safe: the invitation's whole secret, kept only hashed. */
const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The landlord's own view (DESIGN.md §4b). The agency invites; the landlord,
 * signed in with the address the invitation went to, accepts; from then until
 * either side revokes, the landlord reads that agency's books for them — and
 * decides the expenses waiting for their approval — and nothing else.
 */
export function landlordViewService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
  ownerStatements: OwnerStatementService;
  expenses: ExpenseService;
  payouts: PayoutService;
  rentalTax: RentalTaxService;
}) {
  const { db, clock } = deps;

  /** The caller's live link; another's, a revoked one or an invitation not yet accepted does not exist for them. */
  async function linkOf(caller: Caller, linkId: number) {
    const link = await repo.liveLinkOf(db, linkId, caller.userNo);
    if (!link) throw new NotFound(LANDLORD_LINK_MESSAGES.linkNotFound);
    return link;
  }

  return {
    async invite(
      scope: AgentScope,
      caller: Caller,
      input: { LandlordNo: number; Email: string },
      origin: string,
    ) {
      if (scope.self === 1) throw new Invalid(LANDLORD_LINK_MESSAGES.noLinksForLandlordAccount);
      const landlord = await landlordOfAgent(db, scope.agentId, input.LandlordNo);
      if (!landlord) throw new NotFound(LANDLORD_LINK_MESSAGES.landlordNotFound);
      const email = normaliseEmail(input.Email);
      const token = newToken();
      const linkId = await db.transaction((tx) =>
        repo.replaceInvite(tx, {
          agentId: scope.agentId,
          landlordNo: landlord.landlordNo,
          email,
          tokenHash: hashToken(token),
          at: clock.now(),
          by: caller.userNo,
        }),
      );
      const agency = await agencyName(db, scope.agentId);
      const url = `${deps.publicUrl ?? origin}/landlord-invite/${token}`;
      // In the language the office keeps for this landlord, as the owner statements are.
      const t = translatorFor(await landlordLanguage(db, landlord.landlordNo));
      await deps.mailer.send({
        to: email,
        subject: t('userEmails.landlordInvite.subject', { agency }),
        text: t('userEmails.landlordInvite.body', { agency, name: landlord.name, email, url }),
      });
      return { message: LANDLORD_LINK_MESSAGES.invited, LinkId: linkId };
    },

    async agencyLinks(agentId: number): Promise<AgencyLandlordLink[]> {
      return (await repo.linksOfAgent(db, agentId)).map((r) => ({
        LinkId: Number(r.link_id),
        LandlordNo: Number(r.landlord_no),
        Landlord_name: String(r.full_name),
        Email: String(r.email),
        Status: r.user_no == null ? 'invited' : 'linked',
        InvitedAt: new Date(r.invited_at as string).toISOString(),
        AcceptedAt: r.accepted_at == null ? null : new Date(r.accepted_at as string).toISOString(),
      }));
    },

    async revokeByAgency(agentId: number, caller: Caller, linkId: number) {
      if (!(await repo.revoke(db, { linkId, agentId }, clock.now(), caller.userNo)))
        throw new NotFound(LANDLORD_LINK_MESSAGES.linkNotFound);
      return { message: LANDLORD_LINK_MESSAGES.revoked };
    },

    /** The invitation's token, by a user signed in with the address it was sent to: links the client record to them. */
    async accept(caller: Caller, token: string) {
      return db.transaction(async (tx) => {
        const invite = await repo.inviteByToken(tx, hashToken(token));
        if (!invite) throw new NotFound(LANDLORD_LINK_MESSAGES.linkNotFound);
        if (invite.userNo !== null && invite.userNo !== caller.userNo)
          throw new Forbidden(LANDLORD_LINK_MESSAGES.alreadyTaken);
        const email = await repo.userEmail(tx, caller.userNo);
        if (!email || normaliseEmail(email) !== invite.email)
          throw new Forbidden(LANDLORD_LINK_MESSAGES.otherEmail);
        if (invite.userNo === null) await repo.accept(tx, invite.linkId, caller.userNo, clock.now());
        return { message: LANDLORD_LINK_MESSAGES.accepted, LinkId: invite.linkId };
      });
    },

    async myLinks(caller: Caller): Promise<MyLandlordLink[]> {
      return (await repo.linksOfUser(db, caller.userNo)).map((r) => ({
        LinkId: Number(r.link_id),
        Agency: String(r.agent_name),
        Landlord_name: String(r.full_name),
        AwaitingApproval: Number(r.awaiting),
      }));
    },

    async revokeByLandlord(caller: Caller, linkId: number) {
      if (!(await repo.revoke(db, { linkId, userNo: caller.userNo }, clock.now(), caller.userNo))) {
        throw new NotFound(LANDLORD_LINK_MESSAGES.linkNotFound);
      }
      return { message: LANDLORD_LINK_MESSAGES.revoked };
    },

    async statement(caller: Caller, linkId: number, month?: string) {
      const link = await linkOf(caller, linkId);
      return deps.ownerStatements.statement(link.agentId, link.landlordNo, month);
    },

    async statementPdf(caller: Caller, linkId: number, month?: string) {
      const link = await linkOf(caller, linkId);
      return deps.ownerStatements.pdf(link.agentId, link.landlordNo, month);
    },

    async expenses(caller: Caller, linkId: number) {
      const link = await linkOf(caller, linkId);
      return deps.expenses.list(link.agentId, link.landlordNo);
    },

    async payouts(caller: Caller, linkId: number) {
      const link = await linkOf(caller, linkId);
      return deps.payouts.list(link.agentId, link.landlordNo);
    },

    /** The month's withholding certificate, the one the office prints: for the link's landlord only. */
    async certificate(caller: Caller, linkId: number, month?: string, amendment?: number) {
      const link = await linkOf(caller, linkId);
      return deps.rentalTax.certificate(link.agentId, link.landlordNo, month, amendment);
    },

    /** A payout's remittance advice; another landlord's payout does not exist for this link. */
    async payoutAdvice(caller: Caller, linkId: number, payoutId: number) {
      const link = await linkOf(caller, linkId);
      return deps.payouts.advicePdf(link.agentId, payoutId, link.landlordNo);
    },

    /** Whose invitation a link is, for the page it opens before anyone signs in: the token is its whole secret. */
    async invitation(token: string): Promise<Invitation> {
      const invite = await repo.invitationByToken(db, hashToken(token));
      if (!invite) throw new NotFound(LANDLORD_LINK_MESSAGES.linkNotFound);
      return { Agency: invite.agency, Landlord_name: invite.landlord };
    },

    async expenseReceipt(caller: Caller, linkId: number, expenseId: number) {
      const link = await linkOf(caller, linkId);
      if (!(await repo.expenseOfLandlord(db, link.agentId, link.landlordNo, expenseId))) throw new NotFound();
      return deps.expenses.receipt(link.agentId, expenseId);
    },

    /** The landlord's approval of an expense above the agreement's amount: approved, it is paid from their money now. */
    async decide(caller: Caller, input: { LinkId: number; ExpenseId: number; Approve: boolean }) {
      const link = await linkOf(caller, input.LinkId);
      return deps.expenses.decide(
        link.agentId,
        input.ExpenseId,
        link.landlordNo,
        input.Approve,
        caller.userNo,
      );
    },
  };
}

export type LandlordViewService = ReturnType<typeof landlordViewService>;
