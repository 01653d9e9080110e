import { formatTransTime } from '@makazi/domain';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { darajaGate } from './fake-daraja-gate';

export interface PushSeen {
  body: Record<string, unknown>;
  authorization: string | undefined;
  checkoutRequestId: string;
}

/**
 * A stand-in for Daraja's OAuth, STK Push and STK Push Query on 127.0.0.1,
 * answering as Safaricom's sandbox does. It remembers each push so a test can
 * send the callback Daraja would (or not send it, and let the query find it).
 */
export async function fakeDarajaStk() {
  const pushes: PushSeen[] = [];
  const queryResults = new Map<string, { ResultCode: string; ResultDesc: string } | 'processing'>();
  const pull = {
    registrations: [] as Record<string, unknown>[],
    /** How Safaricom answers a registration: fresh, already registered, or refused. */
    registerAnswer: 'ok' as 'ok' | 'already' | 'refused',
    queries: [] as Record<string, unknown>[],
    /** What Safaricom's list holds; each query answers the rows of its window, a page at a time. */
    list: [] as PullRow[],
    pageSize: 2,
    /** Queries answered with Safaricom's "system busy" error before the list answers again. */
    failures: 0,
  };
  const status = {
    requests: [] as Record<string, unknown>[],
    /** Daraja's synchronous refusal (a wrong initiator), before any result. */
    refuse: false,
  };
  let seq = 0;
  const gate = darajaGate();
  const server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    const url = request.url ?? '';
    const body = await gate.admit(request, response);
    if (body === null) return;
    if (url === '/mpesa/stkpush/v1/processrequest') {
      const checkoutRequestId = `ws_CO_${Date.now()}${++seq}`;
      pushes.push({ body, authorization: request.headers.authorization, checkoutRequestId });
      return json(200, {
        MerchantRequestID: `29115-34620561-${seq}`,
        CheckoutRequestID: checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      });
    }
    if (url === '/mpesa/stkpush/v1/query') {
      const result = queryResults.get(String(body.CheckoutRequestID)) ?? 'processing';
      if (result === 'processing')
        return json(500, { requestId: 'x', errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
      return json(200, {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: 'm',
        CheckoutRequestID: body.CheckoutRequestID,
        ...result,
      });
    }
    if (url === '/pulltransactions/v1/register') {
      pull.registrations.push(body);
      if (pull.registerAnswer === 'refused')
        return json(400, { requestId: 'x', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid ShortCode' });
      return json(200, {
        ResponseRefID: `reg-${++seq}`,
        ResponseStatus: pull.registerAnswer === 'ok' ? '1000' : '1001',
        ShortCode: body.ShortCode,
        ResponseDescription: pull.registerAnswer === 'ok' ? 'Shortcode registered successfully' : 'ShortCode already Registered',
      });
    }
    if (url === '/pulltransactions/v1/query') {
      pull.queries.push(body);
      if (pull.failures > 0) {
        pull.failures -= 1;
        return json(500, { requestId: 'x', errorCode: '500.003.02', errorMessage: 'System is busy. Please try again in few minutes.' });
      }
      const from = nairobi(String(body.StartDate));
      const to = nairobi(String(body.EndDate));
      const offset = Number(body.OffSetValue);
      const rows = pull.list.filter((r) => r.at >= from && r.at <= to).sort((a, b) => a.at.getTime() - b.at.getTime());
      const page = rows.slice(offset, offset + pull.pageSize);
      if (page.length === 0) return json(200, { ResponseRefID: `q-${++seq}`, ResponseCode: '1000', ResponseMessage: 'No records found', Response: [] });
      return json(200, {
        ResponseRefID: `q-${++seq}`,
        ResponseCode: '1000',
        ResponseMessage: 'Success',
        Response: [
          page.map((r) => ({
            transactionId: r.code,
            trxDate: r.at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
            msisdn: 2547000000,
            sender: 'UAT2',
            transactiontype: r.type ?? 'c2b-pay-bill-debit',
            billreference: r.account,
            amount: String(r.amount),
            organizationname: 'Safaricom Test',
          })),
        ],
      });
    }
    if (url === '/mpesa/transactionstatus/v1/query') {
      status.requests.push(body);
      if (status.refuse)
        return json(500, { requestId: 'x', errorCode: '500.002.1001', errorMessage: 'The initiator information is invalid.' });
      return json(200, {
        OriginatorConversationID: body.OriginatorConversationID,
        ConversationID: `AG_20261121_${++seq}`,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      });
    }
    return json(404, { errorMessage: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pushes,
    oauthCalls: () => gate.oauthCalls,
    pull,
    status,
    /** What STK Push Query will answer for a request from now on. */
    settleQuery(checkoutRequestId: string, code: number, desc: string) {
      queryResults.set(checkoutRequestId, { ResultCode: String(code), ResultDesc: desc });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A payment as Pull Transactions lists it. */
export interface PullRow {
  code: string;
  at: Date;
  account: string;
  amount: number;
  type?: string;
}

/** Pull Transactions' 'yyyy-MM-dd HH:mm:ss', Nairobi time. */
const nairobi = (text: string) => new Date(`${text.replace(' ', 'T')}+03:00`);

/** Transaction Status' result for a code Safaricom has (as its sandbox shapes it). */
export function statusFound(
  request: Record<string, unknown>,
  r: { amount: number; account?: string; at?: Date },
) {
  const parameters: { Key: string; Value?: unknown }[] = [
    { Key: 'DebitPartyName', Value: '2547 ***** 126 - JOHN DOE' },
    { Key: 'CreditPartyName', Value: '174379 - Makazi Test' },
    { Key: 'OriginatorConversationID', Value: request.OriginatorConversationID },
    { Key: 'InitiatedTime', Value: Number(formatTransTime(r.at ?? new Date())) },
    { Key: 'DebitAccountType', Value: 'MMF Account For Customer' },
    { Key: 'ReasonType', Value: 'Pay Utility' },
    { Key: 'TransactionStatus', Value: 'Completed' },
    { Key: 'FinalisedTime', Value: Number(formatTransTime(r.at ?? new Date())) },
    { Key: 'Amount', Value: r.amount },
    { Key: 'ReceiptNo', Value: request.TransactionID },
  ];
  if (r.account !== undefined) parameters.push({ Key: 'BillReferenceNumber', Value: r.account });
  return statusResult(request, 0, 'The service request is processed successfully.', parameters);
}

/** Transaction Status' result for a code Safaricom does not have, or another failure. */
export function statusFailed(request: Record<string, unknown>, code: number | string, desc: string) {
  return statusResult(request, code, desc, []);
}

function statusResult(request: Record<string, unknown>, code: number | string, desc: string, parameters: unknown[]) {
  return {
    Result: {
      ResultType: 0,
      ResultCode: code,
      ResultDesc: desc,
      OriginatorConversationID: request.OriginatorConversationID,
      ConversationID: 'AG_20261121_x',
      TransactionID: request.TransactionID,
      ...(parameters.length > 0 ? { ResultParameters: { ResultParameter: parameters } } : {}),
      ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: request.Occasion } },
    },
  };
}

/** The callback body Daraja posts when the tenant paid. */
export function paidCallback(checkoutRequestId: string, receipt: string, amount: number, at = new Date()) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: amount },
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: Number(formatTransTime(at)) },
            { Name: 'PhoneNumber', Value: 254708374149 },
          ],
        },
      },
    },
  };
}

/** The callback body of a request that did not end in a payment (1032 cancelled, 2001 wrong PIN, …). */
export function failedCallback(checkoutRequestId: string, code: number, desc: string) {
  return { Body: { stkCallback: { MerchantRequestID: '29115-34620561-1', CheckoutRequestID: checkoutRequestId, ResultCode: code, ResultDesc: desc } } };
}
