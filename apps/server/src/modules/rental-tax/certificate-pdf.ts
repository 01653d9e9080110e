import { amountToCents, formatDay, formatKsh, monthLabel, translatorFor, type Language, type MriLine } from '@makazi/domain';
import type { AgencyRegistration } from '@makazi/domain';
import PDFDocument from 'pdfkit';
import { printAgencyRegistration } from '../agents/registration-print';

/**
 * The statement of tax withheld (decision 055: KRA issues the certificate
 * itself once the payment is registered) an agent issues a landlord for a month's MRI
 * withheld (Tax Procedures Act s42C), or for an amendment of it, in the
 * landlord's language. It names the payment to KRA it proves, or says
 * plainly that there is none yet (decision 036).
 */
export function withholdingCertificatePdf(
  line: MriLine & { Amendment: number | null },
  agencyName: string,
  printedAt: Date,
  language: Language = 'en',
  registration: AgencyRegistration | null = null,
): Promise<Buffer> {
  const tr = translatorFor(language);
  const t = (key: string, values?: Record<string, unknown>) => tr(`landlordMoney.certificate.${key}`, values);
  // As on the owner statement: the month in words in English, mm/yyyy in Kiswahili.
  const month = language === 'en' ? monthLabel(`${line.Month}-01`) : `${line.Month.slice(5)}/${line.Month.slice(0, 4)}`;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `MRI statement of tax withheld ${line.LandlordNo} ${line.Month}`, Author: agencyName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text(agencyName);
  printAgencyRegistration(doc, registration, language);
  doc.font('Helvetica').fontSize(11).fillColor('#555').text(t('title'));
  if (line.Amendment !== null) doc.text(t('amendment', { no: line.Amendment }));
  doc.moveDown();
  doc.fillColor('#000').fontSize(10);
  const facts: [string, string][] = [
    [t('landlord'), t('landlordValue', { name: line.Landlord_name, landlordNo: line.LandlordNo })],
    [t('pin'), line.KraPin ?? t('noPin')],
    [t('month'), month],
    [t('gross'), formatKsh(amountToCents(line.GrossRent))],
    [t('rate'), `${line.RatePercent}%`],
    [t('withheld'), formatKsh(amountToCents(line.Withheld))],
    ...((line.PaidOn === null
      ? [[t('paid'), t('notPaid')]]
      : [
          [t('paid'), formatKsh(amountToCents(line.PaidToKra))],
          [t('paidOn'), formatDay(`${line.PaidOn}T12:00:00+03:00`)],
          [t('reference'), line.Reference ?? ''],
        ]) as [string, string][]),
    [t('dueBy'), formatDay(`${line.DueBy}T12:00:00+03:00`)],
    [t('issued'), formatDay(printedAt)],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.moveDown();
  doc.fontSize(9).fillColor('#555').text(t('note', { agency: agencyName }));
  doc.moveDown(0.5).text(t('notKraCertificate'));
  doc.end();
  return done;
}
