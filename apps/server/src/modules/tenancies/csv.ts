import { accountingDate, amountToCents, balanceColumns, MONEY_FIGURES, rentArrearsOf, type CsvColumn, type Tenancy } from '@makazi/domain';

const day = (iso: string | null) => (iso ? accountingDate(new Date(iso)) : null);

/** The tenancies list as the office's spreadsheet has it: one row per tenancy, amounts in Ksh. */
export const TENANCY_CSV_COLUMNS: CsvColumn<Tenancy>[] = [
  { header: 'Tenancy ID', kind: 'integer', value: (t) => t.TenancyId },
  { header: 'Tenant name', kind: 'text', value: (t) => t.Tenant_name },
  { header: 'Tenant ID number', kind: 'text', value: (t) => t.Tenant_ID_number },
  { header: 'Phone', kind: 'text', value: (t) => t.PhoneNo },
  { header: 'Email', kind: 'text', value: (t) => t.Email },
  { header: 'Property', kind: 'text', value: (t) => t.Property_name },
  { header: 'House number', kind: 'text', value: (t) => t.House_number },
  { header: 'Town', kind: 'text', value: (t) => t.Town },
  { header: 'Area/Estate', kind: 'text', value: (t) => t.Area_Estate },
  { header: 'Start date', kind: 'date', value: (t) => day(t.StartDate) },
  { header: 'End date', kind: 'date', value: (t) => day(t.EndDate) },
  { header: 'Rent (Ksh)', kind: 'money', value: (t) => amountToCents(t.Rent) },
  { header: 'Deposit (Ksh)', kind: 'money', value: (t) => amountToCents(t.Deposit) },
  { header: `${MONEY_FIGURES.balanceDue} (Ksh)`, kind: 'money', value: (t) => balanceColumns(amountToCents(t.RentBalance)).due },
  { header: `${MONEY_FIGURES.inCredit} (Ksh)`, kind: 'money', value: (t) => balanceColumns(amountToCents(t.RentBalance)).inCredit },
  {
    header: `${MONEY_FIGURES.rentArrears} (Ksh)`,
    kind: 'money',
    value: (t) => rentArrearsOf(amountToCents(t.RentBalance), amountToCents(t.DepositDue), amountToCents(t.ChargesDue)),
  },
  { header: MONEY_FIGURES.monthsInArrears, kind: 'integer', value: (t) => t.MonthLapse },
  { header: `${MONEY_FIGURES.depositDue} (Ksh)`, kind: 'money', value: (t) => amountToCents(t.DepositDue) },
  { header: `${MONEY_FIGURES.depositHeld} (Ksh)`, kind: 'money', value: (t) => amountToCents(t.DepositHeld) },
  { header: 'Managing agent', kind: 'text', value: (t) => t.ManagingAgentName },
];
