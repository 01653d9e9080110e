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

export type StkQueryAnswer =
  | { settled: true; resultCode: number; resultDesc: string }
  | { settled: false; reason: string };

const TIMEOUT_MS = 20_000;

/** Password = base64(shortcode + passkey + timestamp), Timestamp yyyyMMddHHmmss in Nairobi time. */
export function stkPassword(app: DarajaApp, at: Date) {
  const timestamp = formatTransTime(at);
  return { Password: Buffer.from(`${app.shortcode}${app.passkey}${timestamp}`).toString('base64'), Timestamp: timestamp };
}

/** Safaricom's Daraja API, as KENYA.md describes it: OAuth, STK Push and STK Push Query. */
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
  };
}
export type DarajaClient = ReturnType<typeof darajaClient>;
