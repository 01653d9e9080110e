/**
 * KRA's eTIMS OSCU API (decision 060): JSON over HTTPS, every answer
 * `{ resultCd, resultMsg, resultDt, data }` with resultCd "000" for success.
 * The device's PIN, branch and communication key travel as headers on every
 * call after the initialisation, as KRA's OSCU specification has them.
 */
export interface OscuDevice {
  tin: string;
  bhfId: string;
  cmcKey: string;
}

export interface OscuInit {
  cmcKey: string;
  sdcId: string | null;
  mrcNo: string | null;
  taxpayerName: string | null;
}

export interface OscuReceipt {
  receiptNo: number;
  totalReceiptNo: number;
  internalData: string;
  receiptSignature: string;
  sdcDateTime: string;
}

/**
 * What went wrong, sorted by what to do about it: `unreachable` (no answer,
 * a timeout, a gateway page) is tried again later; `refused` (KRA answered a
 * result code other than success) waits for a person, except the codes KRA
 * itself lists as passing troubles.
 */
export class OscuError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused',
    readonly resultCd: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** KRA's own codes for a fault on its side: worth another try rather than a person's attention. */
const PASSING = new Set(['894', '896', '999']);

type Answer = { resultCd?: unknown; resultMsg?: unknown; data?: unknown };

function parsed(text: string): Answer | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Answer) : null;
  } catch {
    // A gateway's HTML page: KRA's server did not answer itself.
    return null;
  }
}

export function oscuClient(baseUrl: string, options: { timeoutMs?: number; fetchFn?: typeof fetch } = {}) {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const fetchFn = options.fetchFn ?? fetch;

  async function call(path: string, body: unknown, headers: Record<string, string>) {
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(`${baseUrl}/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new OscuError('unreachable', null, error instanceof Error ? error.message : String(error));
    }
    const json = parsed(text);
    if (!json || typeof json.resultCd !== 'string')
      throw new OscuError('unreachable', null, `KRA answered HTTP ${response.status} without a result`);
    if (json.resultCd !== '000') {
      const kind = PASSING.has(json.resultCd) ? 'unreachable' : 'refused';
      throw new OscuError(kind, json.resultCd, String(json.resultMsg ?? ''));
    }
    return (json.data ?? {}) as Record<string, unknown>;
  }

  const text = (v: unknown) => (v === undefined || v === null ? null : String(v));

  return {
    /** selectInitOsdcInfo: once per PIN, branch and device serial; answers the communication key. */
    async initialise(p: { tin: string; bhfId: string; deviceSerial: string }): Promise<OscuInit> {
      const data = await call('selectInitOsdcInfo', { tin: p.tin, bhfId: p.bhfId, dvcSrlNo: p.deviceSerial }, {});
      const info = (data.info ?? {}) as Record<string, unknown>;
      if (typeof info.cmcKey !== 'string' || !info.cmcKey) throw new OscuError('refused', null, 'no communication key in the answer');
      return { cmcKey: info.cmcKey, sdcId: text(info.sdcId), mrcNo: text(info.mrcNo), taxpayerName: text(info.taxprNm) };
    },

    /** saveTrnsSalesOsdc: a sale or a credit note; answers KRA's receipt numbers, internal data and signature. */
    async saveSale(device: OscuDevice, request: Record<string, unknown>): Promise<OscuReceipt> {
      const data = await call('saveTrnsSalesOsdc', { tin: device.tin, bhfId: device.bhfId, ...request }, {
        tin: device.tin,
        bhfId: device.bhfId,
        cmcKey: device.cmcKey,
      });
      if (typeof data.rcptSign !== 'string' || typeof data.intrlData !== 'string')
        throw new OscuError('refused', null, 'no receipt signature in the answer');
      return {
        receiptNo: Number(data.curRcptNo),
        totalReceiptNo: Number(data.totRcptNo),
        internalData: data.intrlData,
        receiptSignature: data.rcptSign,
        sdcDateTime: String(data.sdcDateTime ?? ''),
      };
    },
  };
}
export type OscuClient = ReturnType<typeof oscuClient>;

/** The address KRA's QR code on a receipt carries: its portal, then PIN, branch and signature with no separator. */
export function receiptCheckUrl(production: boolean, tin: string, bhfId: string, signature: string) {
  const portal = production ? 'https://etims.kra.go.ke' : 'https://etims-sbx.kra.go.ke';
  return `${portal}/common/link/etims/receipt/indexEtimsReceiptData?Data=${tin}${bhfId}${signature}`;
}
