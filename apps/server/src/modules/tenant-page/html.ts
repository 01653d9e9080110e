import {
  LANGUAGE_TAGS,
  DP_REQUEST_KINDS,
  MAINTENANCE_CATEGORIES,
  amountToCents,
  translatorFor,
  formatKsh,
  formatAmount,
  formatRunningBalance,
  formatDay as day,
  translateLedgerText,
  type StkRequestView,
  type DataRequestView,
  type TenantPage,
} from '@makazi/domain';
import type { z } from 'zod';
import type { TenantMaintenanceItem } from '@makazi/domain';

type View = TenantPage & { payments: StkRequestView[]; maintenance: z.infer<typeof TenantMaintenanceItem>[]; dataRequests: DataRequestView[] };
type T = ReturnType<typeof translatorFor>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string | number) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const ksh = (amount: number) => esc(formatKsh(amountToCents(amount)));

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f4f6f8}
main{max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:1.4rem;margin:.5rem 0 0}h2{font-size:1.1rem;margin:0 0 .75rem}
section{background:#fff;border-radius:8px;padding:1rem;margin:1rem 0;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.muted{color:#495057}.big{font-size:1.8rem;font-weight:700;margin:.25rem 0}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}dd{margin:0;text-align:right}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input,select,textarea{width:100%;font:inherit;padding:.6rem;border:1px solid #868e96;border-radius:6px;background:#fff}
button{margin-top:1rem;width:100%;font:inherit;font-weight:700;padding:.75rem;border:0;border-radius:6px;background:#0b7a3b;color:#fff;cursor:pointer}
button:disabled{background:#868e96}a{color:#0b5cad}.row{display:flex;justify-content:space-between;gap:.5rem;padding:.5rem 0;border-top:1px solid #e9ecef}
.row:first-child{border-top:0}.status{font-weight:600}.ok{color:#0b7a3b}.bad{color:#b3261e}[role=status]{min-height:1.5rem;margin-top:.75rem}
table{width:100%;border-collapse:collapse;font-size:.9rem}th,td{text-align:left;padding:.4rem .25rem;border-top:1px solid #e9ecef;vertical-align:top}td.n,th.n{text-align:right;white-space:nowrap}td.cr{white-space:normal}`;

function balanceSection(v: View, t: T) {
  const owed = v.balance > 0;
  return `<section aria-labelledby="bal"><h2 id="bal">${esc(t('tenantPage.balance'))}</h2>
<p class="big">${owed ? ksh(v.balance) : v.balance < 0 ? esc(t('tenantPage.inCredit', { amount: formatKsh(amountToCents(-v.balance)) })) : esc(t('tenantPage.nothingOwed'))}</p>
<dl><dt>${esc(t('tenantPage.rent'))}</dt><dd>${ksh(Math.max(v.rentBalance, 0))}</dd><dt>${esc(t('tenantPage.otherCharges'))}</dt><dd>${ksh(v.chargesDue)}</dd><dt>${esc(t('tenantPage.depositOwed'))}</dt><dd>${ksh(v.depositDue)}</dd>
<dt>${esc(t('tenantPage.monthsInArrears'))}</dt><dd>${esc(v.monthLapse)}</dd></dl></section>`;
}

function paySection(v: View, t: T) {
  const paybill = v.paybill
    ? `<dl><dt>${esc(t('tenantPage.paybill'))}</dt><dd><strong>${esc(v.paybill)}</strong></dd><dt>${esc(t('tenantPage.accountNumber'))}</dt><dd><strong>${esc(v.accountNumber)}</strong></dd></dl>`
    : `<p class="muted">${esc(t('tenantPage.askOffice'))}</p>`;
  // M-Pesa takes whole shillings: the balance rounded up, or empty when nothing is owed.
  const prefill = v.balance > 0 ? String(Math.ceil(v.balance)) : '';
  const form = v.payNow
    ? `<form id="pay" novalidate><label for="amount">${esc(t('tenantPage.amount'))}</label><input id="amount" name="amount" inputmode="numeric" required value="${esc(prefill)}">
<label for="phone">${esc(t('tenantPage.phone'))}</label><input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" required placeholder="0712345678">
<button type="submit">${esc(t('tenantPage.payNow'))}</button><p role="status" aria-live="polite" id="pay-status"></p></form>`
    : '';
  const payments = v.payments.length
    ? `<h2>${esc(t('tenantPage.recentPayments'))}</h2>${v.payments
        .map(
          (p) =>
            `<div class="row"><span>${day(p.requestedAt)} · ${ksh(p.amount)}</span><span class="status ${p.status === 'paid' ? 'ok' : p.status === 'failed' ? 'bad' : ''}">${esc(p.message)}</span></div>`,
        )
        .join('')}`
    : '';
  return `<section aria-labelledby="payh"><h2 id="payh">${esc(t('tenantPage.pay'))}</h2>${paybill}${form}${payments}</section>`;
}

function statementSection(v: View, base: string, t: T) {
  const rows = [...v.statement]
    .reverse()
    .map(
      (l) => `<tr><td>${day(l.date)}</td><td>${esc(translateLedgerText(t as never, l.details))}${
        l.receiptNo && l.credit > 0 ? `<br><a href="${base}/receipts/${l.transactionId}">${esc(t('tenantPage.receipt', { receiptNo: l.receiptNo }))}</a>` : ''
      }</td><td class="n">${l.debit ? esc(formatAmount(amountToCents(l.debit))) : ''}${
        l.credit ? `−${esc(formatAmount(amountToCents(l.credit)))}` : ''
      }</td><td class="${l.balance < 0 ? 'n cr' : 'n'}">${esc(formatRunningBalance(amountToCents(l.balance), (amount) => t('tenantPage.inCredit', { amount })))}</td></tr>`,
    )
    .join('');
  return `<section aria-labelledby="st"><h2 id="st">${esc(t('tenantPage.statement'))}</h2><p><a href="${base}/statement.pdf">${esc(t('tenantPage.downloadStatement'))}</a></p>
<table><thead><tr><th>${esc(t('tenantPage.date'))}</th><th>${esc(t('tenantPage.details'))}</th><th class="n">${esc(t('tenantPage.amountColumn'))}</th><th class="n">${esc(t('tenantPage.balanceColumn'))}</th></tr></thead><tbody>${
    rows || `<tr><td colspan="4">${esc(t('tenantPage.noTransactions'))}</td></tr>`
  }</tbody></table></section>`;
}

function repairsSection(v: View, base: string, t: T) {
  const items = v.maintenance
    .map(
      (m) => `<div class="row"><span>${day(m.createdAt)} · ${esc(t(`tenantPage.categories.${m.category}`))}: ${esc(m.description)}${m.photoIds
        .map((id, i) => ` <a href="${base}/photos/${id}">${esc(t('tenantPage.photo', { n: i + 1 }))}</a>`)
        .join('')}</span><span class="status">${esc(t(`tenantPage.statuses.${m.status}`))}</span></div>`,
    )
    .join('');
  const options = MAINTENANCE_CATEGORIES.map((c) => `<option value="${c}">${esc(t(`tenantPage.categories.${c}`))}</option>`).join('');
  return `<section aria-labelledby="rep"><h2 id="rep">${esc(t('tenantPage.repairs'))}</h2>${items || `<p class="muted">${esc(t('tenantPage.noRequests'))}</p>`}
<form id="report" novalidate><h2>${esc(t('tenantPage.reportProblem'))}</h2><label for="category">${esc(t('tenantPage.whatKind'))}</label><select id="category" name="category">${options}</select>
<label for="description">${esc(t('tenantPage.describe'))}</label><textarea id="description" name="description" rows="3" maxlength="2000" required></textarea>
<label for="photos">${esc(t('tenantPage.photos'))}</label><input id="photos" name="photos" type="file" accept="image/jpeg,image/png,image/webp,image/gif" multiple>
<button type="submit">${esc(t('tenantPage.send'))}</button><p role="status" aria-live="polite" id="report-status"></p></form></section>`;
}

/** The tenant's own data: download it, ask the office about it, and see the requests made with their answer-by day. */
function dataSection(v: View, base: string, t: T) {
  const requests = v.dataRequests
    .map(
      (r) => `<div class="row"><span>${day(r.receivedAt)} · ${esc(t(`tenantPage.requestKinds.${r.kind}`))}</span><span class="status">${esc(
        r.closedAt ? `${t(`dataProtection.outcomes.${r.outcome ?? 'done'}`)}, ${t('tenantPage.requestAnswered', { date: day(r.closedAt) })}` : t('tenantPage.requestDue', { date: day(r.dueAt) }),
      )}</span></div>${r.answer ? `<p class="muted">${esc(r.answer)}</p>` : ''}`,
    )
    .join('');
  const options = DP_REQUEST_KINDS.map((k) => `<option value="${k}">${esc(t(`tenantPage.requestKinds.${k}`))}</option>`).join('');
  return `<section aria-labelledby="data"><h2 id="data">${esc(t('tenantPage.yourData'))}</h2><p class="muted">${esc(t('tenantPage.yourDataIntro'))}</p>
<p><a href="${base}/my-data.pdf">${esc(t('tenantPage.downloadDataPdf'))}</a><br><a href="${base}/my-data.json">${esc(t('tenantPage.downloadDataJson'))}</a></p>
${requests ? `<h2>${esc(t('tenantPage.yourRequests'))}</h2>${requests}` : ''}
<form id="data-request" novalidate><label for="dp-kind">${esc(t('tenantPage.askAbout'))}</label><select id="dp-kind" name="kind">${options}</select>
<label for="dp-details">${esc(t('tenantPage.requestDetails'))}</label><textarea id="dp-details" name="details" rows="2" maxlength="2000"></textarea>
<button type="submit">${esc(t('tenantPage.sendRequest'))}</button><p role="status" aria-live="polite" id="data-status"></p></form></section>`;
}

/** The words the page's script shows while it works, handed to it in the tenant's language. */
const scriptWords = (t: T) =>
  Object.fromEntries(
    (['sendingRequest', 'sending', 'failed', 'noAnswerYet', 'tooManyPhotos', 'photoTooLarge'] as const).map((k) => [k, t(`tenantPage.script.${k}`)]),
  );

/** The whole tenant page, rendered on the server: one request, no framework, readable before any script runs. */
export function tenantPageHtml(v: View, token: string) {
  const base = `/api/t/${token}`;
  const t = translatorFor(v.language);
  return `<!doctype html><html lang="${LANGUAGE_TAGS[v.language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${esc(v.agencyName)} · ${esc(v.house)}</title>
<meta name="description" content="${esc(t('tenantPage.title'))}"><style>${STYLE}</style></head>
<body><main data-base="${base}" data-msgs="${esc(JSON.stringify(scriptWords(t)))}"><p class="muted">${esc(v.agencyName)}</p><h1>${esc(t('tenantPage.hello', { name: v.firstName }))}</h1>
<p class="muted">${esc(t('tenantPage.house', { house: v.house, property: v.property }))}${v.ended ? ` · ${esc(t('tenantPage.ended'))}` : ''}</p>
${balanceSection(v, t)}${paySection(v, t)}${repairsSection(v, base, t)}${statementSection(v, base, t)}${dataSection(v, base, t)}</main>
<script src="/t-assets/tenant.js" defer></script></body></html>`;
}
