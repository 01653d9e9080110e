-- The dashboard's money figures read one agency's rent lines: this index holds
-- them by agency and transaction with their amounts, so the figures read the
-- agency's own lines from the index alone instead of every agency's tenant
-- lines (issue 21: 556–918 ms for the 10,000-tenancy agency).
CREATE INDEX journal_lines_agency_rent ON journal_lines USING btree (agent_id, txn_id) INCLUDE (debit_cents, credit_cents)
  WHERE account = 'tenant' AND sub_account = 'rent';
