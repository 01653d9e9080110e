import { internationalPhone, type AfricasTalkingSettings } from '../receipt-notices/sms';

/** What the provider said of one message: taken (with its id and cost), refused for good, or not now. */
export type BulkOutcome =
  { taken: true; id: string | null; cost: string | null } | { taken: false; reason: string; retry: boolean };

/** Recipient status codes: 100 Processed, 101 Sent, 102 Queued are taken; 405 (no credit) and 5xx may pass. */
const TAKEN = new Set([100, 101, 102]);
const TRY_AGAIN = new Set([405, 500, 501, 502]);

/**
 * Africa's Talking's bulk SMS API (KENYA.md): POST /version1/messaging/bulk,
 * JSON { username, phoneNumbers, message, senderId, enqueue }, the key in the
 * apiKey header. A reminder's text is the tenant's own, so one number a call.
 */
export function africasTalkingBulk(settings: AfricasTalkingSettings, fetchFn: typeof fetch = fetch) {
  return {
    async send(phone: string, message: string): Promise<BulkOutcome> {
      let response: Response;
      try {
        response = await fetchFn(`${settings.baseUrl.replace(/\/$/, '')}/version1/messaging/bulk`, {
          method: 'POST',
          headers: {
            apiKey: settings.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({
            username: settings.username,
            phoneNumbers: [internationalPhone(phone)],
            message,
            ...(settings.senderId ? { senderId: settings.senderId } : {}),
            enqueue: true,
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        return { taken: false, reason: `No answer from Africa's Talking: ${String(error)}`, retry: true };
      }
      const text = await response.text();
      if (!response.ok)
        return {
          taken: false,
          reason: `Africa's Talking answered ${response.status}: ${text.slice(0, 200)}`,
          retry: response.status >= 500 || response.status === 429,
        };
      let recipient: { statusCode?: number; status?: string; messageId?: string; cost?: string } | undefined;
      try {
        recipient = (JSON.parse(text) as { SMSMessageData?: { Recipients?: (typeof recipient)[] } })
          .SMSMessageData?.Recipients?.[0];
      } catch {
        return {
          taken: false,
          reason: `Africa's Talking answered what is not JSON: ${text.slice(0, 200)}`,
          retry: true,
        };
      }
      const code = Number(recipient?.statusCode);
      if (recipient && TAKEN.has(code))
        return { taken: true, id: recipient.messageId ?? null, cost: recipient.cost ?? null };
      return {
        taken: false,
        reason: recipient?.status ?? 'No recipient in the answer',
        retry: !recipient || TRY_AGAIN.has(code),
      };
    },
  };
}

export type BulkSms = ReturnType<typeof africasTalkingBulk>;
