/**
 * Daraja's B2C, B2B and Transaction Status requests (KENYA.md). Kept apart
 * from the STK client: these need the initiator's name and security
 * credential, and their answers come later by callback.
 */
export interface Initiator {
  shortcode: string;
  initiatorName: string;
  securityCredential: string;
}

export interface PayoutSend {
  command: 'BusinessPayment' | 'BusinessPayBill';
  originatorId: string;
  amount: number;
  partyB: string;
  accountReference: string;
  resultUrl: string;
  timeoutUrl: string;
  remarks: string;
}

/**
 * accepted: Daraja took the request (the result comes by callback).
 * refused: Daraja answered with an error of its own: nothing was sent.
 * unknown: no answer, or the gateway's fault: it may have been taken, so it is never sent again.
 */
export type SendAnswer =
  | { outcome: 'accepted'; conversationId: string }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'unknown'; reason: string };

const TIMEOUT_MS = 20_000;

export function darajaPayoutClient(baseUrl: string, fetchFn: typeof fetch = fetch) {
  async function post(path: string, token: string, body: unknown): Promise<SendAnswer> {
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      return { outcome: 'unknown', reason: error instanceof Error ? error.message : String(error) };
    }
    const text = await response.text().catch(() => '');
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A gateway's HTML page: the status says enough.
    }
    if (response.status === 200 && String(json.ResponseCode) === '0')
      return { outcome: 'accepted', conversationId: String(json.ConversationID ?? '') };
    const reason = String(json.errorMessage ?? json.ResponseDescription ?? `HTTP ${response.status}`);
    // A 4xx with Daraja's own error body was refused before anything moved; a 5xx may hide a taken request.
    if (response.status >= 400 && response.status < 500 && json.errorCode !== undefined) return { outcome: 'refused', reason };
    if (response.status === 200) return { outcome: 'refused', reason };
    return { outcome: 'unknown', reason };
  }

  return {
    send(app: Initiator, token: string, p: PayoutSend) {
      if (p.command === 'BusinessPayment')
        return post('/mpesa/b2c/v1/paymentrequest', token, {
          OriginatorConversationID: p.originatorId,
          InitiatorName: app.initiatorName,
          SecurityCredential: app.securityCredential,
          CommandID: 'BusinessPayment',
          Amount: p.amount,
          PartyA: app.shortcode,
          PartyB: p.partyB,
          Remarks: p.remarks.slice(0, 100),
          QueueTimeOutURL: p.timeoutUrl,
          ResultURL: p.resultUrl,
          Occasion: p.originatorId,
        });
      return post('/mpesa/b2b/v1/paymentrequest', token, {
        Initiator: app.initiatorName,
        SecurityCredential: app.securityCredential,
        CommandID: 'BusinessPayBill',
        SenderIdentifierType: '4',
        RecieverIdentifierType: '4',
        Amount: p.amount,
        PartyA: app.shortcode,
        PartyB: p.partyB,
        AccountReference: p.accountReference,
        Requester: '',
        Remarks: p.remarks.slice(0, 100),
        QueueTimeOutURL: p.timeoutUrl,
        ResultURL: p.resultUrl,
        Occasion: p.originatorId,
      });
    },

    /** Asks where a payout stands; the answer comes to resultUrl. */
    status(app: Initiator, token: string, q: { originatorId: string; resultUrl: string; timeoutUrl: string }) {
      return post('/mpesa/transactionstatus/v1/query', token, {
        Initiator: app.initiatorName,
        SecurityCredential: app.securityCredential,
        CommandID: 'TransactionStatusQuery',
        TransactionID: '',
        OriginalConversationID: q.originatorId,
        PartyA: app.shortcode,
        IdentifierType: '4',
        ResultURL: q.resultUrl,
        QueueTimeOutURL: q.timeoutUrl,
        Remarks: 'Payout status',
        Occasion: q.originatorId,
      });
    },
  };
}
export type DarajaPayoutClient = ReturnType<typeof darajaPayoutClient>;
