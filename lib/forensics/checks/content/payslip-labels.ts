// Labels of payslip lines and sections, in the languages of doc-vocabulary.ts: English, French,
// German, Spanish, Italian, Portuguese, Dutch, Polish and the Slavic languages of the Balkans
// ("Bruto plaća", "Líquido a percibir", "Totaal inhoudingen", "Do wypłaty").

export const GROSS_RE =
  /\b(total\s+)?gross(\s+(pay|salary|earnings|wages|income|amount))?\b|\btotal\s+(earnings|payments|remuneration|income)\b|\bbrutt?o|\b(salaire\s+)?brut\b|\blord[oa]\b|\btotal\s+devengado\b|\btotale\s+competenze\b/i;
export const DEDUCTIONS_TOTAL_RE =
  /\btotal\s+(deductions?|withholdings|taxes\s+(and|&)\s+deductions)\b|\bdeductions?\s+total\b|\btotal\s+(des\s+)?(retenues|cotisations)\b|\babz(ü|ue)ge\s+gesamt\b|\b(summe|gesamt)\s*abz(ü|ue)ge\b|\btotal\s+deducciones\b|\btotale\s+trattenute\b|\btotal\s+(de\s+)?descontos\b|\btotaal\s+inhoudingen\b|\b(suma|razem)\s+potr(ą|a)ce(ń|n)|\bukupno\s+(obustave|odbici|doprinosi)\b/i;
export const NET_RE =
  /\bnet\s*(pay|salary|amount|wages?|earnings|income|payment|à\s+payer)?\b|\bnett\b|\btake[\s-]?home\b|\bnett?o|\bl(í|i)quido\b|\bdo\s+wyp(ł|l)aty\b|\bza\s+isplatu\b|\bamount\s+(paid|payable)\b/i;
// Whole-label matches: "Income tax" is a deduction line, not the "Income" header.
export const EARNINGS_HEADER_RE =
  /^(earnings|payments|income|pay\s+elements|remuneration|gains|bez(ü|ue)ge|devengos|competenze|vencimentos|verdiensten|sk(ł|l)adniki|primanja)\s*:?$/i;
export const DEDUCTIONS_HEADER_RE =
  /^(deductions?|withholdings|taxes\s+(and|&)\s+deductions|retenues|abz(ü|ue)ge|deducciones|trattenute|descontos|inhoudingen|potr(ą|a)cenia|obustave|odbici)\s*:?$/i;
/** Lines paid outside gross and deductions (expenses, advances), which legitimately move net pay. */
export const ADDITION_RE = /reimburs|expenses|refund|advance|non[-\s]?taxable|adjustment|addition/i;
export const YTD_RE = /\b(ytd|year\s+to\s+date|cumul)/i;
/**
 * Lines that are deductions by what they are, whatever sign OCR read on their amount: taxes,
 * social insurance, pension and other contributions (not a refund, a credit or taxable pay).
 */
export const DEDUCTION_LINE_RE =
  /\b(income\s+)?tax\b|\bsocial\s+(security|insurance)\b|\bnational\s+insurance\b|\bpension\b|\binsurance\b|\bcontributions?\b|\bwithholding\b|\bunion\s+dues\b|\bstudent\s+loan\b|\bimp(ô|o)t|\bcotisations?\b|\bpr(é|e)l(è|e)vement|\bcsg\b|\bcrds\b|\bretraite\b|steuer\b|versicherung\b|solidarit(ä|ae)tszuschlag|\birpf\b|\bretenci(ó|o)n|\bseguridad\s+social\b|\bcotizaci(ó|o)n|\birpef\b|\binps\b|\bcontribut[oi]\b|\britenuta\b|\btrattenuta\b|\binss\b|\bseguran(ç|c)a\s+social\b|\bloonheffing\b|\bbelasting\b|\bpensioen|\bpodatek\b|\bsk(ł|l)adka\b|\bzus\b|\bubezpieczeni|\bporez\b|\bprirez\b|\bdoprinos/i;
/** Labels that name money paid to the employee, though they mention a tax. */
export const NOT_DEDUCTION_RE =
  /refund|credit|rebate|allowance|taxable|reimburs|erstattung|remboursement|reembolso|rimborso/i;
