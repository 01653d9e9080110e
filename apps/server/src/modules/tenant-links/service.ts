import {
  AGENT_TYPE,
  TENANT_LINK_DAYS_AFTER_SETTLEMENT,
  TENANT_LINK_MESSAGES,
  tenantLinkMessage,
  tenantLinkSubject,
  type TenantLinkStatus,
  type TenantPage,
} from '@makazi/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import type { Mailer } from '../../plugins/mailer';
import type { RateLimit, RateLimiter } from '../../security/rate-limiter';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import { statementLines } from '../statements/repository';
import type { TenancyService } from '../tenancies/service';
import { requireManaged, tenancyFor } from '../tenancies/view';
import * as repo from './repository';
import { addressKey } from '../../security/address';

/** 32 random bytes (256 bits), URL-safe: the whole secret of a tenant's page. */
const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OpenLink {
  agentId: number;
  tenancyId: number;
  /** A scope of the managing agency, for reading the tenancy as its office would. */
  scope: AgentScope;
}

/**
 * The tenant's private link: made, sent, rotated and revoked by the office;
 * opened without sign-in by whoever holds the token, for one tenancy only.
 */
export function tenantLinkService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  notices: Pick<ReceiptNotifier, 'channels' | 'enqueueSms' | 'kick'>;
  rateLimit: RateLimiter;
  /** Wrong tokens from one address: enough for a tenant's typos, far too few to guess 256 bits. */
  wrongTokenLimit: RateLimit;
  tenancies: Pick<TenancyService, 'one'>;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
}) {
  const { db, clock } = deps;

  return {
    async status(scope: AgentScope, tenancyId: number): Promise<TenantLinkStatus> {
      await tenancyFor(db, scope, tenancyId);
      const live = await repo.liveLinkOf(db, tenancyId);
      return {
        live: live !== null,
        createdAt: live?.createdAt.toISOString() ?? null,
        url: null,
        sentBy: [],
        message: '',
      };
    },

    /** A new link replaces any live one, then goes to the tenant by SMS and/or email. */
    async send(
      scope: AgentScope,
      userNo: number,
      input: { tenancyId: number; sms: boolean; email: boolean },
      origin: string,
    ): Promise<TenantLinkStatus> {
      const access = await tenancyFor(db, scope, input.tenancyId);
      requireManaged(access);
      const contact = await repo.tenantContact(db, input.tenancyId);
      if (!contact) throw new NotFound();
      if (input.sms && !contact.phone) throw new Conflict(TENANT_LINK_MESSAGES.noPhone);
      if (input.email && !contact.email) throw new Conflict(TENANT_LINK_MESSAGES.noEmail);
      const token = newToken();
      const at = clock.now();
      const url = `${deps.publicUrl ?? origin}/t/${token}`;
      const tenancy = await deps.tenancies.one(scope, input.tenancyId);
      const text = tenantLinkMessage(contact.firstName, tenancy.ManagingAgentName, url, contact.language);
      const bySms = input.sms && deps.notices.channels.sms;
      await db.transaction(async (tx) => {
        await repo.replaceLink(tx, { agentId: access.agentId, tenancyId: input.tenancyId, tokenHash: hashToken(token), at, by: userNo });
        // The SMS waits in the outbox with the link it carries: retried until it goes, never twice (emptied once sent).
        if (bySms) await deps.notices.enqueueSms(tx, access.agentId, contact.phone, text);
      });
      if (bySms) deps.notices.kick();
      const sentBy: ('sms' | 'email')[] = bySms ? ['sms'] : [];
      const smsFailed = input.sms && !bySms;
      let emailFailed = false;
      if (input.email) {
        try {
          await deps.mailer.send({ to: contact.email, subject: tenantLinkSubject(tenancy.ManagingAgentName, contact.language), text });
          sentBy.push('email');
        } catch (error) {
          deps.log.warn({ err: error }, 'tenant link email failed');
          emailFailed = true;
        }
      }
      return {
        live: true,
        createdAt: at.toISOString(),
        url,
        sentBy,
        message: smsFailed && emailFailed
          ? TENANT_LINK_MESSAGES.bothFailed
          : smsFailed
            ? TENANT_LINK_MESSAGES.smsFailed
            : emailFailed
              ? TENANT_LINK_MESSAGES.emailFailed
              : TENANT_LINK_MESSAGES.sent,
      };
    },

    /** The language the tenant reads their page, texts and PDFs in. */
    async languageOf(link: OpenLink) {
      return (await repo.tenantContact(db, link.tenancyId))?.language ?? 'en';
    },

    /** Asking a tenant's phone for money is for the managing agency only. */
    async requireManagedTenancy(scope: AgentScope, tenancyId: number) {
      requireManaged(await tenancyFor(db, scope, tenancyId));
    },

    async revoke(scope: AgentScope, tenancyId: number): Promise<TenantLinkStatus> {
      requireManaged(await tenancyFor(db, scope, tenancyId));
      await repo.revokeLinks(db, tenancyId, clock.now());
      return { live: false, createdAt: null, url: null, sentBy: [], message: TENANT_LINK_MESSAGES.revoked };
    },

    /**
     * The tenancy a token opens, or a plain 404. Every attempt counts against
     * the address and a right token gives its count back, so only wrong
     * guesses are limited — and a guesser over the limit learns nothing.
     */
    async open(token: string, ip: string): Promise<OpenLink> {
      const key = `tenant-link:${addressKey(ip)}`;
      await deps.rateLimit.consume(key, deps.wrongTokenLimit);
      const link = TOKEN.test(token) ? await repo.linkByHash(db, hashToken(token)) : null;
      const now = clock.now().getTime();
      if (!link || (link.endedAt && now > link.endedAt.getTime() + TENANT_LINK_DAYS_AFTER_SETTLEMENT * DAY_MS))
        throw new NotFound();
      await deps.rateLimit.refund(key);
      return {
        agentId: link.agentId,
        tenancyId: link.tenancyId,
        scope: { agentId: link.agentId, role: AGENT_TYPE.AGENCY_ADMIN, self: 0, propIds: null },
      };
    },

    /** What the tenant's page shows. */
    async page(link: OpenLink): Promise<Omit<TenantPage, 'payNow'>> {
      const tenancy = await deps.tenancies.one(link.scope, link.tenancyId);
      const contact = await repo.tenantContact(db, link.tenancyId);
      const lines = await statementLines(db, link.tenancyId);
      return {
        language: contact?.language ?? 'en',
        firstName: contact?.firstName ?? '',
        agencyName: tenancy.ManagingAgentName,
        house: tenancy.House_number,
        property: tenancy.Property_name,
        ended: tenancy.EndDate !== null,
        balance: tenancy.RentBalance,
        rentBalance: Math.round((tenancy.RentBalance - tenancy.DepositDue - tenancy.ChargesDue) * 100) / 100,
        depositDue: tenancy.DepositDue,
        chargesDue: tenancy.ChargesDue,
        monthLapse: tenancy.MonthLapse,
        paybill: await repo.paybillNumberOf(db, link.agentId),
        accountNumber: String(link.tenancyId),
        statement: lines.map((l) => ({
          date: l.TransactionDate,
          details: l.TransactionDetails,
          receiptNo: l.ReceiptNo,
          transactionId: l.TransactionId,
          debit: l.Debit,
          credit: l.Credit,
          balance: l.Balance,
        })),
      };
    },
  };
}

export type TenantLinkService = ReturnType<typeof tenantLinkService>;
