/** '20250105093000' (Nairobi time, as M-Pesa spells it) → '2025-01-05 09:30'. */
export const transTimeText = (t: string) =>
  t.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})\d{2}$/, '$1-$2-$3 $4:$5');
