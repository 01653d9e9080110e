import { centsToAmount, type Language } from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import { statementLines } from '../statements/repository';
import * as repo from './repository';

/**
 * Everything one agency holds about one person, in one document: what the
 * person gets for access and portability (s. 26, s. 38). Message bodies that
 * may carry a link's token are left out; amounts are shillings.
 */
export async function personExport(db: DbOrTx, agentId: number, person: repo.Person, at: Date) {
  const tenancyRows = await repo.tenanciesOfPerson(db, agentId, person.clientNo);
  const ids = tenancyRows.map((t) => t.tenancyId);
  const tenancies = [];
  for (const t of tenancyRows) {
    const lines = await statementLines(db, t.tenancyId);
    tenancies.push({
      tenancyId: t.tenancyId,
      house: t.house,
      property: t.property,
      startedAt: t.startedAt,
      endedAt: t.endedAt,
      rent: centsToAmount(t.rentCents),
      deposit: centsToAmount(t.depositCents),
      idNumber: t.idNumber,
      employer: t.employer,
      business: t.business,
      nextOfKin: { name: t.nextOfKinName, phone: t.nextOfKinPhone },
      ledger: lines.map((l) => ({
        date: l.TransactionDate,
        details: l.TransactionDetails,
        debit: l.Debit,
        credit: l.Credit,
        balance: l.Balance,
        receiptNo: l.ReceiptNo,
      })),
      receipts: lines
        .filter((l) => l.ReceiptNo !== null && l.Credit > 0)
        .map((l) => ({ receiptNo: l.ReceiptNo!, date: l.TransactionDate, amount: l.Credit, paidInto: l.TrsAccount })),
    });
  }
  const contacts = [person.phone, person.email].filter((c) => c !== '');
  const messages = await repo.messagesTo(db, agentId, ids, contacts);
  return {
    generatedAt: at.toISOString(),
    agency: await repo.agencyNameOf(db, agentId),
    language: person.language as Language,
    person: {
      clientNo: person.clientNo,
      name: person.fullName,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      email: person.email,
      idNumber: person.idNumber,
      language: person.language,
      recordedAt: person.createdAt,
      erasedAt: person.erasedAt,
    },
    tenancies,
    invoices: messages.invoices,
    repairs: await repo.repairsOf(db, agentId, ids),
    messagesSent: [...messages.notices, ...messages.reminders],
    propertiesOwned: await repo.propertiesOwnedBy(db, agentId, person.clientNo),
    requests: (await repo.requestsOfPerson(db, agentId, person.clientNo)).map((r) => ({
      kind: r.kind,
      source: r.source,
      details: r.details,
      receivedAt: r.receivedAt,
      dueAt: r.dueAt,
      closedAt: r.closedAt,
      outcome: r.outcome,
      answer: r.answer,
    })),
    auditTrail: await repo.auditAbout(db, person.clientNo, ids),
  };
}

export type PersonExport = Awaited<ReturnType<typeof personExport>>;
