// Labels of payslip lines and sections (English, with common French and German forms).

export const GROSS_RE =
  /\b(total\s+)?gross(\s+(pay|salary|earnings|wages|income|amount))?\b|\btotal\s+(earnings|payments|remuneration|income)\b|\bbrutto|\bsalaire\s+brut\b/i;
export const DEDUCTIONS_TOTAL_RE =
  /\btotal\s+(deductions?|withholdings|taxes\s+(and|&)\s+deductions)\b|\bdeductions?\s+total\b|\btotal\s+(des\s+)?(retenues|cotisations)\b|\babz(ü|ue)ge\s+gesamt\b|\b(summe|gesamt)\s*abz(ü|ue)ge\b|\btotal\s+deducciones\b|\btotale\s+trattenute\b/i;
export const NET_RE =
  /\bnet\s*(pay|salary|amount|wages?|earnings|income|payment|à\s+payer)?\b|\btake[\s-]?home\b|\bnetto|\bamount\s+(paid|payable)\b/i;
// Whole-label matches: "Income tax" is a deduction line, not the "Income" header.
export const EARNINGS_HEADER_RE = /^(earnings|payments|income|pay\s+elements|remuneration|gains|bez(ü|ue)ge)\s*:?$/i;
export const DEDUCTIONS_HEADER_RE =
  /^(deductions?|withholdings|taxes\s+(and|&)\s+deductions|retenues|abz(ü|ue)ge)\s*:?$/i;
/** Lines paid outside gross and deductions (expenses, advances), which legitimately move net pay. */
export const ADDITION_RE = /reimburs|expenses|refund|advance|non[-\s]?taxable|adjustment|addition/i;
export const YTD_RE = /\b(ytd|year\s+to\s+date|cumul)/i;
