import {
  API,
  BankAccount,
  BankAccountsQuery,
  BankDeposits,
  BankDepositsQuery,
  BankImportResult,
  BANK_FILE_MAX_BYTES,
  BANK_FILE_TYPES,
  BankImportQuery,
  ROLE_LISTS,
  SaveBankAccountRequest,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.bank;
  const tags = ['bank'];
  // Who may import an M-Pesa statement may import a bank one (the agency's admins).
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });
  // The statement comes as the file's own bytes, not wrapped in JSON: its cells are read here, never in the browser.
  app.addContentTypeParser([...BANK_FILE_TYPES], { parseAs: 'buffer', bodyLimit: BANK_FILE_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    API.bank.accounts,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: "The agency's bank accounts and the columns each statement export is read by",
        security: BEARER,
        querystring: BankAccountsQuery,
        response: { 200: z.array(BankAccount), ...REFUSALS },
      },
    },
    async (request) => service.accounts(scopeOf(request).agentId),
  );

  app.post(
    API.bank.accounts,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        summary: 'Add a bank account (makes its ledger), or change its columns',
        security: BEARER,
        body: SaveBankAccountRequest,
        response: { 200: BankAccount, ...REFUSALS },
      },
    },
    async (request) => service.save(scopeOf(request).agentId, request.body),
  );

  app.post(
    API.bank.statementImport,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: "Import a bank account's statement export (.csv or .xlsx), sent as the file itself",
        security: BEARER,
        querystring: BankImportQuery,
        consumes: [...BANK_FILE_TYPES],
        response: { 200: BankImportResult, ...REFUSALS },
      },
    },
    async (request) =>
      service.import(scopeOf(request).agentId, callerOf(request), {
        bankAccountId: request.query.bankAccountId,
        bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      }),
  );

  app.get(
    API.bank.deposits,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        summary: "A bank account's imported deposits: receipts and unmatched",
        security: BEARER,
        querystring: BankDepositsQuery,
        response: { 200: BankDeposits, ...REFUSALS },
      },
    },
    async (request) => service.deposits(scopeOf(request).agentId, request.query.bankAccountId),
  );
};
