import { formatTransTime } from '@makazi/domain';

export interface DarajaApp {
  shortcode: string;
  consumerKey: string;
  consumerSecret: string;
  passkey: string;
}

export interface StkPush {
  amount: number;
  phone: string;
  callbackUrl: string;
  accountReference: string;
  description: string;
}

/** The agency's initiator for Transaction Status (and payouts): its name and the encrypted SecurityCredential. */
export interface DarajaInitiator {
  name: string;
  securityCredential: string;
}

export type StkQueryAnswer =
  | { settled: true; resultCode: number; resultDesc: string }
  | { settled: false; reason: string };

const TIMEOUT_MS = 20_000;

/** Password = base64(shortcode + passkey + timestamp), Timestamp yyyyMMddHHmmss in Nairobi time. */
export function stkPassword(app: DarajaApp, at: Date) {
  const timestamp = formatTransTime(at);
  return { Password: Buffer.from(`${app.shortcode}${app.passkey}${timestamp}`).toString('base64'), Timestamp: timestamp };
}

/** Pull Transactions' dates: yyyy-MM-dd HH:mm:ss in Nairobi time. */
export function pullDate(at: Date) {
  const t = formatTransTime(at);
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
}

/** What Daraja said, when it said no: its errorMessage, or the description it gave, or the HTTP status. */
const refusal = (status: number, json: Record<string, unknown>) =>
  String(json.errorMessage ?? json.ResponseDescription ?? json.ResponseMessage ?? `HTTP ${status}`);

/** Safaricom's Daraja API, as KENYA.md describes it: OAuth, STK Push and Query, Pull Transactions, Transaction Status. */
export function darajaClient(baseUrl: string, fetchFn: typeof fetch = fetch) {
  async function call(path: string, init: RequestInit) {
    const response = await fetchFn(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Daraja answers some failures with HTML from its gateway; the status says enough.
    }
    return { status: response.status, json };
  }
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });

  return {
    async oauth(app: DarajaApp): Promise<{ token: string; expiresInSeconds: number }> {
      const basic = Buffer.from(`${app.consumerKey}:${app.consumerSecret}`).toString('base64');
      const { status, json } = await call('/oauth/v1/generate?grant_type=client_credentials', {
        method: 'GET',
        headers: { Authorization: `Basic ${basic}` },
      });
      if (status !== 200 || typeof json.access_token !== 'string')
        throw new Error(`Daraja OAuth answered ${status}`);
      return { token: json.access_token, expiresInSeconds: Number(json.expires_in ?? 3599) || 3599 };
    },

    async push(app: DarajaApp, token: string, p: StkPush, at: Date) {
      const { status, json } = await call('/mpesa/stkpush/v1/processrequest', {
        method: 'POST',
        headers: bearer(token),
        body: JSON.stringify({
          BusinessShortCode: app.shortcode,
          ...stkPassword(app, at),
          TransactionType: 'CustomerPayBillOnline',
          Amount: p.amount,
          PartyA: p.phone,
          PartyB: app.shortcode,
          PhoneNumber: p.phone,
          CallBackURL: p.callbackUrl,
          AccountReference: p.accountReference.slice(0, 12),
          TransactionDesc: p.description.slice(0, 13),
        }),
      });
      if (status !== 200 || String(json.ResponseCode) !== '0' || typeof json.CheckoutRequestID !== 'string')
        return { ok: false as const, status, reason: String(json.errorMessage ?? json.ResponseDescription ?? status) };
      return {
        ok: true as const,
        checkoutRequestId: json.CheckoutRequestID,
        merchantRequestId: String(json.MerchantRequestID ?? ''),
      };
    },

    async query(app: DarajaApp, token: string, checkoutRequestId: string, at: Date): Promise<StkQueryAnswer> {
      const { status, json } = await call('/mpesa/stkpush/v1/query', {
        method: 'POST',
        headers: bearer(token),
        body: JSON.stringify({ BusinessShortCode: app.shortcode, ...stkPassword(app, at), CheckoutRequestID: checkoutRequestId }),
      });
      // "The transaction is being processed" comes back as an error body: ask again later.
      if (status !== 200 || json.ResultCode === undefined)
        return { settled: false, reason: String(json.errorMessage ?? status) };
      return { settled: true, resultCode: Number(json.ResultCode), resultDesc: String(json.ResultDesc ?? '') };
    },

    /** Registers the paybill for Pull Transactions; "already registered" is as good as a fresh registration. */
    async pullRegister(app: DarajaApp, token: string, r: { nominatedNumber: string; callbackUrl: string }) {
      const { status, json } = await call('/pulltransactions/v1/register', {
        method: 'POST',
        headers: bearer(token),
        body: JSON.stringify({ ShortCode: app.shortcode, RequestType: 'Pull', NominatedNumber: r.nominatedNumber, CallBackURL: r.callbackUrl }),
      });
      const code = String(json.ResponseStatus ?? json.ResponseCode ?? '');
      const description = String(json.ResponseDescription ?? '');
      if (status === 200 && (code === '1000' || code === '0' || /already registered/i.test(description))) return { ok: true as const };
      return { ok: false as const, reason: refusal(status, json) };
    },

    /** One page of Pull Transactions' list between two times, from the row `offset`; the raw answer is read by pull-answer.ts. */
    async pullQuery(app: DarajaApp, token: string, r: { from: Date; to: Date; offset: number }) {
      const { status, json } = await call('/pulltransactions/v1/query', {
        method: 'POST',
        headers: bearer(token),
        body: JSON.stringify({ ShortCode: app.shortcode, StartDate: pullDate(r.from), EndDate: pullDate(r.to), OffSetValue: String(r.offset) }),
      });
      if (status !== 200 || json.errorCode !== undefined) return { ok: false as const, reason: refusal(status, json) };
      return { ok: true as const, body: json };
    },

    /** Asks about one M-Pesa code; Safaricom answers later at the result address (or the timeout address). */
    async transactionStatus(
      app: DarajaApp,
      token: string,
      r: { initiator: DarajaInitiator; transactionId: string; originatorId: string; resultUrl: string; timeoutUrl: string },
    ) {
      const { status, json } = await call('/mpesa/transactionstatus/v1/query', {
        method: 'POST',
        headers: bearer(token),
        body: JSON.stringify({
          Initiator: r.initiator.name,
          SecurityCredential: r.initiator.securityCredential,
          CommandID: 'TransactionStatusQuery',
          TransactionID: r.transactionId,
          OriginatorConversationID: r.originatorId,
          PartyA: app.shortcode,
          IdentifierType: '4',
          ResultURL: r.resultUrl,
          QueueTimeOutURL: r.timeoutUrl,
          Remarks: 'Payment check',
          Occasion: r.transactionId,
        }),
      });
      if (status !== 200 || String(json.ResponseCode) !== '0') return { ok: false as const, reason: refusal(status, json) };
      return { ok: true as const, conversationId: json.ConversationID == null ? null : String(json.ConversationID) };
    },
  };
}
export type DarajaClient = ReturnType<typeof darajaClient>;
