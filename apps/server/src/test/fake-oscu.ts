import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SaleSeen {
  tin: string;
  bhfId: string;
  cmcKey: string | undefined;
  body: Record<string, unknown>;
}

/**
 * How the fake answers from now on: as KRA's sandbox does (`ok`), with the
 * connection dropped (`refuse`), never (`hang`), a gateway's HTML page
 * (`down`), or one of KRA's result codes.
 */
export type OscuMode = 'ok' | 'refuse' | 'hang' | 'down' | { resultCd: string; resultMsg: string };

const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

/**
 * A stand-in for KRA's eTIMS OSCU API on 127.0.0.1 (decision 060), with the
 * answers and result codes of KRA's OSCU specification: 000 success, 901 an
 * unknown device, 902 a device already installed, 910 a parameter error, 994
 * overlapped data (an invoice number already received). It keeps every sale
 * it accepted, by PIN, branch and invoice number, so a test counts them.
 */
export async function fakeOscu() {
  const devices = new Map<string, { serial: string; cmcKey: string }>();
  const sales = new Map<string, SaleSeen & { answer: Record<string, unknown> }>();
  const requests: SaleSeen[] = [];
  const hanging = new Set<ServerResponse>();
  let mode: OscuMode = 'ok';
  /** When true, a sale that meets a dropped or hanging connection is recorded first: KRA had it, the answer was lost. */
  let recordBeforeFailing = false;
  /** When true, a repeated invoice number is answered again with its first answer instead of 994. */
  let answerRepeats = false;
  let receipts = 0;
  let keys = 0;

  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (c) => (body += c));
      request.on('end', () => resolve(body));
    });
  const json = (response: ServerResponse, body: unknown) =>
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  const result = (resultCd: string, resultMsg: string, data: unknown = null) => ({ resultCd, resultMsg, resultDt: stamp(), data });

  const server = createServer(async (request, response) => {
    const url = (request.url ?? '').replace(/^\/+/, '');
    const body = JSON.parse((await read(request)) || '{}') as Record<string, unknown>;
    const tin = String(request.headers.tin ?? body.tin ?? '');
    const bhfId = String(request.headers.bhfid ?? body.bhfId ?? '');
    const cmcKey = request.headers.cmckey as string | undefined;
    const saleKey = `${tin}/${bhfId}/${String(body.invcNo)}`;
    const record = () => {
      if (sales.has(saleKey)) return sales.get(saleKey)!.answer;
      receipts += 1;
      const answer = {
        curRcptNo: receipts,
        totRcptNo: receipts,
        intrlData: `FAKEINTRLDATA${String(receipts).padStart(13, '0')}`,
        rcptSign: `FAKESIGN${String(receipts).padStart(8, '0')}`,
        sdcDateTime: stamp(),
      };
      sales.set(saleKey, { tin, bhfId, cmcKey, body, answer });
      return answer;
    };

    if (url === 'saveTrnsSalesOsdc') requests.push({ tin, bhfId, cmcKey, body });
    if (mode === 'refuse' || mode === 'hang') {
      if (recordBeforeFailing && url === 'saveTrnsSalesOsdc') record();
      if (mode === 'refuse') return request.socket.destroy();
      hanging.add(response);
      return;
    }
    if (mode === 'down') return response.writeHead(503, { 'Content-Type': 'text/html' }).end('<html>Service Unavailable</html>');
    if (typeof mode === 'object') return json(response, result(mode.resultCd, mode.resultMsg));

    if (url === 'selectInitOsdcInfo') {
      const key = `${String(body.tin)}/${String(body.bhfId)}`;
      if (!/^[A-Z]\d{9}[A-Z]$/.test(String(body.tin)) || !/^\d{2}$/.test(String(body.bhfId)) || !body.dvcSrlNo)
        return json(response, result('910', 'Request parameter error'));
      const known = devices.get(key);
      if (known && known.serial !== body.dvcSrlNo) return json(response, result('902', 'This device is installed'));
      const cmcKey = known?.cmcKey ?? `cmc${String(++keys).padStart(29, '0')}`;
      devices.set(key, { serial: String(body.dvcSrlNo), cmcKey });
      return json(
        response,
        result('000', 'It is succeeded', {
          info: { tin: body.tin, taxprNm: `Taxpayer ${String(body.tin)}`, bhfId: body.bhfId, dvcId: '9999911300000001', sdcId: 'KRACU013000001', mrcNo: 'WIS01000150', cmcKey },
        }),
      );
    }
    if (url === 'saveTrnsSalesOsdc') {
      const device = devices.get(`${tin}/${bhfId}`);
      if (!device || device.cmcKey !== cmcKey) return json(response, result('901', 'It is not valid device'));
      for (const field of ['invcNo', 'orgInvcNo', 'rcptTyCd', 'salesTyCd', 'salesDt', 'cfmDt', 'itemList', 'totAmt'])
        if (body[field] === undefined) return json(response, result('910', `Request parameter error: ${field}`));
      if (sales.has(saleKey) && !answerRepeats) return json(response, result('994', 'There is an overlapped Data'));
      return json(response, result('000', 'It is succeeded', record()));
    }
    return json(response, result('912', 'There is a request Method error'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    /** Every sale sent, answered or not. */
    requests,
    /** The sales KRA holds, one per PIN, branch and invoice number. */
    sales: () => [...sales.values()],
    setMode(next: OscuMode, options: { recordBeforeFailing?: boolean; answerRepeats?: boolean } = {}) {
      mode = next;
      recordBeforeFailing = options.recordBeforeFailing ?? false;
      answerRepeats = options.answerRepeats ?? false;
      for (const r of hanging) r.socket?.destroy();
      hanging.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of hanging) r.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
