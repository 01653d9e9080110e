/** Sends one text message; throws when the provider did not take it. */
export interface SmsSender {
  send(to: string, message: string): Promise<void>;
}

export interface AfricasTalkingSettings {
  /** https://api.africastalking.com, or https://api.sandbox.africastalking.com for the sandbox. */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** A registered sender id or short code; unset, the provider's default. */
  senderId: string | undefined;
}

/** Kenyan numbers as the provider wants them: 0712345678 → +254712345678. */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (/^0[17]\d{8}$/.test(digits)) return `+254${digits.slice(1)}`;
  if (/^254\d{9}$/.test(digits)) return `+${digits}`;
  return digits;
}

/** Recipient status codes Africa's Talking counts as taken: Processed, Sent, Queued. */
const TAKEN = new Set([100, 101, 102]);

/**
 * Africa's Talking's bulk SMS HTTP API: POST {baseUrl}/version1/messaging,
 * form-encoded username, to, message (and from), the key in the apiKey header.
 */
export function africasTalkingSms(
  settings: AfricasTalkingSettings,
  fetchFn: typeof fetch = fetch,
): SmsSender {
  return {
    async send(to, message) {
      const form = new URLSearchParams({ username: settings.username, to: internationalPhone(to), message });
      if (settings.senderId) form.set('from', settings.senderId);
      const response = await fetchFn(`${settings.baseUrl.replace(/\/$/, '')}/version1/messaging`, {
        method: 'POST',
        headers: {
          apiKey: settings.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      if (!response.ok)
        throw new Error(`Africa's Talking answered ${response.status}: ${text.slice(0, 200)}`);
      const body = JSON.parse(text) as {
        SMSMessageData?: { Message?: string; Recipients?: { statusCode?: number; status?: string }[] };
      };
      const recipient = body.SMSMessageData?.Recipients?.[0];
      if (!recipient || !TAKEN.has(Number(recipient.statusCode))) {
        throw new Error(
          `Africa's Talking did not take the message: ${recipient?.status ?? body.SMSMessageData?.Message ?? 'no recipient'}`,
        );
      }
    },
  };
}
