import { amountToCents, formatDay, formatKsh, translatorFor, type Language, type Suspicion } from '@makazi/domain';
import PDFDocument from 'pdfkit';

/**
 * A draft of the suspicious-transaction report for the FRC (what goAML asks
 * for: the reporting institution, the subject, the transaction, the grounds),
 * marked as a draft on every page: the filing itself is made on goAML.
 */
export function suspicionReportPdf(input: {
  institution: { name: string; pin: string; address: string; frcNo: string; officer: string };
  suspicion: Suspicion;
  subject: { idNumber: string; kraPin: string; pep: boolean } | null;
  printedAt: Date;
  language: Language;
}): Promise<Buffer> {
  const tr = translatorFor(input.language);
  const t = (key: string, values?: Record<string, unknown>) => tr(`kyc.report.${key}`, values);
  const { institution, suspicion: s, subject } = input;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Draft STR ${s.SuspicionId}`, Author: institution.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const none = t('none');

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#b00020').text(t('draft'));
  doc.font('Helvetica').fontSize(10).fillColor('#b00020').text(t('draftNote'));
  doc.moveDown();
  doc.fillColor('#000').font('Helvetica-Bold').fontSize(14).text(t('title', { no: s.SuspicionId }));
  const section = (title: string, facts: [string, string][]) => {
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text(title).fontSize(10);
    for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value || none);
  };
  section(t('institution'), [
    [t('name'), institution.name],
    [t('pin'), institution.pin],
    [t('address'), institution.address],
    [t('frcNo'), institution.frcNo],
    [t('officer'), institution.officer],
  ]);
  section(t('subject'), [
    [t('name'), s.SubjectName],
    [t('clientNo'), s.ClientNo === null ? '' : String(s.ClientNo)],
    [t('idNumber'), subject?.idNumber ?? ''],
    [t('pin'), subject?.kraPin ?? ''],
    [t('pep'), subject ? (subject.pep ? t('yes') : t('no')) : ''],
    [t('details'), s.SubjectDetails],
  ]);
  section(t('transaction'), [
    [t('date'), formatDay(`${s.OccurredOn}T12:00:00+03:00`)],
    [t('amount'), s.Amount === null ? '' : formatKsh(amountToCents(s.Amount))],
    [t('description'), s.TransactionDetails],
  ]);
  section(t('grounds'), [[t('groundsText'), s.Grounds]]);
  section(t('recorded'), [
    [t('recordedBy'), s.RecordedBy],
    [t('recordedAt'), formatDay(s.RecordedAt)],
    [t('printed'), formatDay(input.printedAt)],
  ]);
  doc.moveDown().fontSize(9).fillColor('#555').text(t('confidential'));
  doc.end();
  return done;
}
