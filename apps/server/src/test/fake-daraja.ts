import { formatTransTime } from '@makazi/domain';

/**
 * A stand-in for Safaricom's Daraja: posts C2B callbacks over HTTP to a running
 * app, shaped as Daraja's recorded confirmations are (C2B v2: MSISDN masked,
 * amounts as text with cents, empty strings for what it leaves out).
 */
export function confirmation(
  over: Partial<Record<string, unknown>> & {
    TransID: string;
    BillRefNumber: string;
    BusinessShortCode: string;
  },
) {
  return {
    TransactionType: 'Pay Bill',
    TransTime: formatTransTime(new Date()),
    TransAmount: '1000.00',
    InvoiceNumber: '',
    OrgAccountBalance: '49197.00',
    ThirdPartyTransID: '',
    MSISDN: '2547 ***** 126',
    FirstName: 'JOHN',
    MiddleName: '',
    LastName: 'DOE',
    ...over,
  };
}

export function darajaSender(baseUrl: string) {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : text,
    };
  };
  return {
    validate: (confirmationPath: string, body: unknown) =>
      post(confirmationPath.replace(/confirmation$/, 'validation'), body),
    confirm: (confirmationPath: string, body: unknown) => post(confirmationPath, body),
  };
}
