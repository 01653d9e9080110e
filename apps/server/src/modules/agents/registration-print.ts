import { agencyRegistrationLine, type AgencyRegistration, type Language } from '@makazi/domain';

/**
 * Under the agency's name on each of its papers (receipt, statements, advice,
 * certificate): its EARB registration number and practising certificate year,
 * as the Estate Agents Act asks of a registered agent. Nothing before the
 * agency has given its number.
 */
export function printAgencyRegistration(doc: PDFKit.PDFDocument, registration: AgencyRegistration | null | undefined, language: Language) {
  const line = agencyRegistrationLine(registration, language);
  if (line) doc.font('Helvetica').fontSize(9).fillColor('#555').text(line).fillColor('#000');
}
