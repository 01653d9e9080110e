import { amountToCents, formatDay, formatKsh, monthLabel, translatorFor, type AgencyRegistration, type RentalTaxPack } from '@makazi/domain';
import PDFDocument from 'pdfkit';
import { printAgencyRegistration } from '../agents/registration-print';

/**
 * The month's rental-tax pack on paper, for the agency's own filing on eRITS
 * and iTax: landscape, one row per tenant (or NIL per landlord), the columns in
 * the sheet's order. The agency's working paper, so in English.
 */
export function rentalTaxPackPdf(
  pack: RentalTaxPack,
  agencyName: string,
  printedAt: Date,
  registration: AgencyRegistration | null,
): Promise<Buffer> {
  const tr = translatorFor('en');
  const t = (key: string, values?: Record<string, unknown>) => tr(`landlordMoney.taxPack.${key}`, values);
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: `Rental-tax pack ${pack.Month}`, Author: agencyName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(14).text(agencyName);
  printAgencyRegistration(doc, registration, 'en');
  doc.font('Helvetica').fontSize(11).fillColor('#555').text(t('title', { month: monthLabel(`${pack.Month}-01`) }));
  doc.fontSize(9).text(t(pack.RemittanceRule === 'twentieth' ? 'ruleTwentieth' : 'ruleFiveDays'));
  if (pack.LateCount > 0) doc.text(t('late', { count: pack.LateCount, penalty: formatKsh(amountToCents(pack.PenaltyTotal)) }));
  doc.moveDown(0.5).fillColor('#000');

  const columns: [string, number][] = [
    [t('landlordPin'), 70],
    [t('landlord'), 90],
    [t('property'), 110],
    [t('tenantPin'), 70],
    [t('tenant'), 90],
    [t('gross'), 65],
    [t('tax'), 55],
    [t('withheld'), 55],
    [t('withheldOn'), 55],
    [t('dueBy'), 55],
    [t('prn'), 55],
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = doc.page.margins.left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
    let height = 0;
    cells.forEach((cell, i) => {
      const width = columns[i]![1];
      doc.text(cell, x, y, { width: width - 4 });
      height = Math.max(height, doc.y - y);
      x += width;
    });
    doc.x = doc.page.margins.left;
    doc.y = y + height + 3;
    if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
  };
  row(columns.map(([label]) => label), true);
  const day = (d: string | null) => (d ? formatDay(`${d}T12:00:00+03:00`) : '');
  for (const l of pack.Lines) {
    const property = [l.Property_name, l.Lr_number ? `LR ${l.Lr_number}` : null, l.Erits_ref ? `eRITS ${l.Erits_ref}` : null].filter(Boolean).join(', ');
    row([
      l.Landlord_pin ?? t('noPin'),
      l.Landlord_name,
      property,
      l.Nil ? '' : (l.Tenant_pin ?? t('noPin')),
      l.Nil ? t('nil') : `${l.Tenant_name ?? ''}${l.Commercial ? ` (${t('commercial')})` : ''}`,
      formatKsh(amountToCents(l.GrossRent)),
      formatKsh(amountToCents(l.Tax)),
      formatKsh(amountToCents(l.Withheld)),
      day(l.WithheldOn),
      day(l.DueBy),
      l.Prn ?? '',
    ]);
  }
  doc.moveDown().fontSize(8).fillColor('#555').text(t('printed', { day: formatDay(printedAt) }), doc.page.margins.left);
  doc.end();
  return done;
}
