import { amountToCents, formatDay, formatKsh, translateLedgerText, translatorFor, type Language } from '@makazi/domain';
import PDFDocument from 'pdfkit';
import { onPaper } from '../../http/on-paper';
import type { PersonExport } from './export';

const ksh = (amount: number) => formatKsh(amountToCents(amount));

/** The export as a readable A4 PDF in the person's language: the same facts as the JSON, section by section. */
export function personPdf(data: PersonExport, language: Language = data.language): Promise<Buffer> {
  const t = translatorFor(language);
  const x = (key: string, values?: Record<string, string | number>) => String(t(`dataProtection.export.${key}` as never, values as never));
  const doc = new PDFDocument({ size: 'A4', margin: 48, lang: language, info: { Title: x('title', { name: data.person.name }), Author: data.agency } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#000').text(onPaper(text)).moveDown(0.3).fontSize(10);
  const fact = (label: string, value: string | null | undefined) =>
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(onPaper(value || '-'));
  const line = (text: string) => doc.font('Helvetica').text(onPaper(text));
  const none = () => doc.font('Helvetica').fillColor('#555').text(x('nothing')).fillColor('#000');

  doc.font('Helvetica-Bold').fontSize(16).text(onPaper(x('title', { name: data.person.name })));
  doc.font('Helvetica').fontSize(10).fillColor('#555').text(onPaper(x('heldBy', { agency: data.agency, date: formatDay(data.generatedAt) })));
  doc.moveDown(0.5).fillColor('#000').text(x('intro'));

  heading(x('client'));
  fact(x('name'), data.person.name);
  fact(x('phone'), data.person.phone);
  fact(x('email'), data.person.email);
  fact(x('idNumber'), data.person.idNumber);
  fact(x('language'), data.person.language);

  heading(x('tenancies'));
  if (!data.tenancies.length) none();
  for (const tn of data.tenancies) {
    doc.moveDown(0.3).font('Helvetica-Bold').text(onPaper(x('tenancy', { id: tn.tenancyId, house: tn.house, property: tn.property })));
    fact(x('started'), formatDay(tn.startedAt));
    fact(x('ended'), tn.endedAt ? formatDay(tn.endedAt) : '');
    fact(x('rent'), ksh(tn.rent));
    fact(x('deposit'), ksh(tn.deposit));
    fact(x('idNumber'), tn.idNumber);
    fact(x('employer'), tn.employer);
    fact(x('business'), tn.business);
    fact(x('nextOfKin'), [tn.nextOfKin.name, tn.nextOfKin.phone].filter(Boolean).join(', '));
    doc.moveDown(0.3).font('Helvetica-Bold').text(x('ledger'));
    if (!tn.ledger.length) none();
    for (const l of tn.ledger)
      line(`${formatDay(l.date)}  ${translateLedgerText(t as never, l.details)}  ${l.debit ? ksh(l.debit) : ''}${l.credit ? `-${ksh(l.credit)}` : ''}  (${ksh(l.balance)})`);
    doc.moveDown(0.3).font('Helvetica-Bold').text(x('receipts'));
    if (!tn.receipts.length) none();
    for (const r of tn.receipts) line(`${r.receiptNo}  ${formatDay(r.date)}  ${ksh(r.amount)}`);
  }

  heading(x('invoices'));
  if (!data.invoices.length) none();
  for (const i of data.invoices) line(`${i.month}  ${i.channel}  ${i.sentAt ? formatDay(i.sentAt) : ''}`);

  heading(x('repairs'));
  if (!data.repairs.length) none();
  for (const r of data.repairs) line(`${formatDay(r.reportedAt)}  ${r.category}: ${r.description} (${r.status})`);

  heading(x('messages'));
  if (!data.messagesSent.length) none();
  for (const m of data.messagesSent) line(`${m.sentAt ? formatDay(m.sentAt) : '-'}  ${m.channel}  ${m.to}  ${m.what}`);

  if (data.propertiesOwned.length) {
    heading(x('properties'));
    for (const p of data.propertiesOwned) line(p.name);
  }

  heading(x('requests'));
  if (!data.requests.length) none();
  for (const r of data.requests)
    line(`${formatDay(r.receivedAt)}  ${t(`dataProtection.kinds.${r.kind}`)}  ${r.outcome ? `${t(`dataProtection.outcomes.${r.outcome}`)}: ${r.answer ?? ''}` : formatDay(r.dueAt)}`);

  heading(x('audit'));
  if (!data.auditTrail.length) none();
  for (const a of data.auditTrail) line(`${formatDay(a.at)}  ${a.record}  ${a.action}  ${Object.keys(a.changes).join(', ')}`);

  doc.end();
  return done;
}
