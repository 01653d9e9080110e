import {
  API,
  EXPENSE_RECEIPT_MAX_BYTES,
  EXPENSE_RECEIPT_TYPES,
  Expense,
  ExpenseIdRequest,
  ExpenseReceiptQuery,
  ExpenseRequest,
  ExpensesQuery,
  ROLE_LISTS,
  ReverseExpenseRequest,
} from '@makazi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, REFUSALS } from '../../http/refusals';
import { fromBody, fromQuery, scopeOf } from '../../plugins/agent-scope';
import { callerOf } from '../../plugins/authenticate';

const Message = z.object({ message: z.string() });

/** Property expenses paid from the landlord's money (admins only), with their scanned receipts. */
export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.expenses;
  const tags = ['landlord money'];
  const admin = (agentId: ReturnType<typeof fromQuery>) => app.agentScope({ allowed: ROLE_LISTS.adminOnlyAllowed, agentId });
  // A scanned receipt is sent as the file itself, not wrapped in JSON.
  app.addContentTypeParser([...EXPENSE_RECEIPT_TYPES], { parseAs: 'buffer', bodyLimit: EXPENSE_RECEIPT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    API.landlordMoney.expense,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        body: ExpenseRequest,
        response: { 200: Message.extend({ ExpenseId: z.number(), Status: z.string() }), ...REFUSALS },
      },
    },
    async (request) => service.record(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.get(
    API.landlordMoney.expenses,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: ExpensesQuery, response: { 200: z.array(Expense), ...REFUSALS } },
    },
    async (request) => service.list(scopeOf(request).agentId, request.query.LandlordNo),
  );

  app.post(
    API.landlordMoney.reverseExpense,
    {
      preHandler: admin(fromBody('managingAgentId')),
      schema: { tags, security: BEARER, body: ReverseExpenseRequest, response: { 200: Message, ...REFUSALS } },
    },
    async (request) => service.reverse(scopeOf(request).agentId, callerOf(request), request.body),
  );

  app.post(
    API.landlordMoney.expenseReceipt,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: {
        tags,
        security: BEARER,
        querystring: ExpenseReceiptQuery,
        consumes: [...EXPENSE_RECEIPT_TYPES],
        response: { 200: Message, ...REFUSALS },
      },
    },
    async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim();
      const name = request.query.name ?? `receipt-${request.query.ExpenseId}`;
      return service.attachReceipt(scopeOf(request).agentId, request.query.ExpenseId, { bytes, type, name });
    },
  );

  app.get(
    API.landlordMoney.expenseReceipt,
    {
      preHandler: admin(fromQuery('managingAgentId')),
      schema: { tags, security: BEARER, querystring: ExpenseIdRequest, produces: [...EXPENSE_RECEIPT_TYPES] },
    },
    async (request, reply) => {
      const file = await service.receipt(scopeOf(request).agentId, request.query.ExpenseId);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
        .send(file.bytes);
    },
  );
};
