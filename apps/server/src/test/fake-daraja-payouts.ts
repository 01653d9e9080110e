import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { darajaGate } from './fake-daraja-gate';

export interface PayoutSeen {
  path: string;
  body: Record<string, unknown>;
  /** Our request, named in the ResultURL's last segment. */
  originator: string;
  resultUrl: string;
  timeoutUrl: string;
}

/**
 * A stand-in for Daraja's OAuth, B2C, B2B and Transaction Status on
 * 127.0.0.1. It answers each request as the sandbox does and remembers it,
 * so a test decides what Safaricom does next: send the result, send it twice,
 * lose it, time out, answer a Transaction Status, or refuse with an error code.
 */
export async function fakeDarajaPayouts() {
  const sent: PayoutSeen[] = [];
  const statusQueries: PayoutSeen[] = [];
  /** What the next payment request gets: taken, refused by Daraja, or a gateway fault that says nothing. */
  let nextAnswer: 'accept' | 'refuse' | 'gateway' = 'accept';
  let seq = 0;
  const gate = darajaGate();
  const lastSegment = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  const server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    const url = request.url ?? '';
    const body = await gate.admit(request, response);
    if (body === null) return;
    const seen = {
      path: url,
      body,
      originator: lastSegment(String(body.ResultURL ?? '')),
      resultUrl: String(body.ResultURL ?? ''),
      timeoutUrl: String(body.QueueTimeOutURL ?? ''),
    };
    if (url === '/mpesa/b2c/v1/paymentrequest' || url === '/mpesa/b2b/v1/paymentrequest') {
      sent.push(seen);
      const answer = nextAnswer;
      nextAnswer = 'accept';
      if (answer === 'refuse') return json(400, { requestId: `r-${++seq}`, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PartyB' });
      if (answer === 'gateway') return response.writeHead(503, { 'Content-Type': 'text/html' }).end('<html>Service Unavailable</html>');
      return json(200, {
        ConversationID: `AG_20261127_${++seq}`,
        OriginatorConversationID: String(body.OriginatorConversationID ?? `sfc-${seq}`),
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      });
    }
    if (url === '/mpesa/transactionstatus/v1/query') {
      statusQueries.push(seen);
      return json(200, {
        ConversationID: `AG_20261127_${++seq}`,
        OriginatorConversationID: `ts-${seq}`,
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
    sent,
    statusQueries,
    oauthCalls: () => gate.oauthCalls,
    /** The next B2C/B2B request is refused with Daraja's error body, or lost behind a gateway fault. */
    answerNext(answer: 'refuse' | 'gateway') {
      nextAnswer = answer;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The path of a callback URL we gave Daraja, to post to the app under test. */
export const pathOf = (url: string) => new URL(url).pathname;

/** Daraja's result of a B2C payment that went through. */
export function b2cPaid(originator: string, transactionId: string, amount: number) {
  return {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: originator,
      ConversationID: 'AG_20261127_1',
      TransactionID: transactionId,
      ResultParameters: {
        ResultParameter: [
          { Key: 'TransactionAmount', Value: amount },
          { Key: 'TransactionReceipt', Value: transactionId },
          { Key: 'ReceiverPartyPublicName', Value: '254708374149 - Achieng Otieno' },
          { Key: 'TransactionCompletedDateTime', Value: '27.11.2026 12:00:00' },
          { Key: 'B2CUtilityAccountAvailableFunds', Value: 100000.0 },
        ],
      },
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit' } },
    },
  };
}

/** Daraja's result of a payment that did not go through (1: not enough money, 2001: initiator, …). */
export function payoutFailed(originator: string, code: number, desc: string) {
  return {
    Result: {
      ResultType: 0,
      ResultCode: code,
      ResultDesc: desc,
      OriginatorConversationID: originator,
      ConversationID: 'AG_20261127_1',
      TransactionID: 'NLJ0000000',
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit' } },
    },
  };
}

/** Daraja's queue timeout notice for a request. */
export function queueTimeout(originator: string) {
  return { Result: { ResultType: 1, ResultCode: 1037, ResultDesc: 'Request timeout', OriginatorConversationID: originator } };
}

/** Transaction Status's answer: the payment completed with this receipt, or M-Pesa has no such payment. */
export function statusFound(receipt: string, amount: number) {
  return {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: 'ts-1',
      ConversationID: 'AG_20261127_2',
      TransactionID: 'NLJ0000001',
      ResultParameters: {
        ResultParameter: [
          { Key: 'ReceiptNo', Value: receipt },
          { Key: 'TransactionStatus', Value: 'Completed' },
          { Key: 'Amount', Value: amount },
          { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
        ],
      },
    },
  };
}

export function statusNotFound() {
  return {
    Result: {
      ResultType: 0,
      ResultCode: 2001,
      ResultDesc: 'The transaction does not exist.',
      OriginatorConversationID: 'ts-1',
      ConversationID: 'AG_20261127_2',
      TransactionID: 'NLJ0000001',
    },
  };
}
