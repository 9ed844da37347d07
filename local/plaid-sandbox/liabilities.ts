// /liabilities/get as the sandbox bank would answer it on a given day: the credit card's last
// statement (balance, minimum, due date, APR and the interest it charged) and the loans' terms (rate,
// scheduled payment, next due date, interest and principal paid this year), all read off the same
// simulated books the transactions and balances come from, so the statement agrees with them.
import {
  APRAprTypeEnum,
  type CreditCardLiability,
  type LiabilitiesObject,
  type MortgageLiability,
  type StudentLoan,
} from 'plaid';
import { isoDay, ymd, type Day } from './days.ts';
import type { CardTerms, LoanTerms } from './history.ts';
import { idFor } from './random.ts';
import { dollars } from './shapes.ts';
import type { SandboxItem } from './state.ts';

/** Whether the item holds any account /liabilities/get reports on. */
export function hasLiabilityAccounts(item: SandboxItem, only?: Set<string>): boolean {
  return item.accounts.some(
    (a) => (!only || only.has(a.key)) && ['credit_card', 'student_loan', 'mortgage'].includes(a.role),
  );
}

export function liabilitiesBody(item: SandboxItem, today: Day, only?: Set<string>): LiabilitiesObject {
  const history = item.ledger.generated;
  const selected = (key: string) => item.accounts.some((a) => a.key === key) && (!only || only.has(key));
  const card = history.card && selected(history.card.accountKey) ? history.card : null;
  const student = history.loans.filter((l) => l.kind === 'student' && selected(l.accountKey));
  const mortgage = history.loans.filter((l) => l.kind === 'mortgage' && selected(l.accountKey));
  return {
    credit: card ? [creditBody(item, card, today)] : null,
    student: student.length > 0 ? student.map((loan) => studentBody(item, loan, today)) : null,
    mortgage: mortgage.length > 0 ? mortgage.map((loan) => mortgageBody(item, loan, today)) : null,
  };
}

const dateOrNull = (day: Day | null | undefined) => (day === null || day === undefined ? null : isoDay(day));

function creditBody(item: SandboxItem, card: CardTerms, today: Day): CreditCardLiability {
  const statement = card.statements.filter((s) => s.day <= today).at(-1);
  const payment = card.payments.filter((p) => p.day <= today).at(-1);
  const paidSince = statement
    ? card.payments
        .filter((p) => p.day > statement.day && p.day <= today)
        .reduce((sum, p) => sum + p.amount, 0)
    : 0;
  const overdue =
    statement !== undefined &&
    statement.dueDay !== null &&
    statement.dueDay < today &&
    paidSince < statement.minimumPayment;
  return {
    account_id: item.accountId(card.accountKey),
    aprs: [
      {
        apr_percentage: card.aprPercentage,
        apr_type: APRAprTypeEnum.PurchaseApr,
        balance_subject_to_apr: statement ? dollars(statement.carried) : null,
        interest_charge_amount: statement ? dollars(statement.interest) : null,
      },
    ],
    is_overdue: statement ? overdue : null,
    last_payment_amount: payment ? dollars(payment.amount) : null,
    last_payment_date: dateOrNull(payment?.day),
    last_statement_issue_date: dateOrNull(statement?.day),
    last_statement_balance: statement ? dollars(statement.balance) : null,
    minimum_payment_amount: statement ? dollars(statement.minimumPayment) : null,
    next_payment_due_date: dateOrNull(statement?.dueDay),
  };
}

/** What a loan's books say on `today`: its next due day, the last payment and this year's split. */
function loanFigures(item: SandboxItem, loan: LoanTerms, today: Day) {
  const series = item.ledger.generated.series.find((s) => s.id === loan.seriesId);
  const next = series?.nextAfter(today) ?? null;
  const past = loan.payments.filter((p) => p.day <= today);
  const last = past.at(-1);
  const year = ymd(today).year;
  const thisYear = past.filter((p) => ymd(p.day).year === year);
  const interestPaid = thisYear.reduce((sum, p) => sum + Math.min(p.interest, p.amount), 0);
  const principalPaid = thisYear.reduce((sum, p) => sum + Math.max(0, p.amount - p.interest), 0);
  const owed = item.ledger.balances(today).get(loan.accountKey)?.current ?? 0;
  // Interest accrued since the last payment day, not yet charged.
  const since = last ? today - last.day : 0;
  const outstandingInterest = Math.round((owed * loan.ratePercentage) / 100 / 365) * since;
  const maturity = loan.originationDay + Math.round(loan.termMonths * 30.44);
  return { next, last, interestPaid, principalPaid, outstandingInterest, maturity, owed };
}

const accountNumber = (item: SandboxItem, loan: LoanTerms) => {
  const digits = parseInt(idFor(item.record.item_id, loan.accountKey, 'number').slice(0, 8), 36)
    .toString()
    .padStart(10, '0')
    .slice(-10);
  const mask = item.accounts.find((a) => a.key === loan.accountKey)?.mask ?? '0000';
  return `${digits.slice(0, 6)}${mask}`;
};

function studentBody(item: SandboxItem, loan: LoanTerms, today: Day): StudentLoan {
  const figures = loanFigures(item, loan, today);
  const paymentsMade = loan.payments.filter((p) => p.day <= today).length;
  return {
    account_id: item.accountId(loan.accountKey),
    account_number: accountNumber(item, loan),
    disbursement_dates: [isoDay(loan.originationDay)],
    expected_payoff_date: isoDay(figures.maturity),
    guarantor: 'DEPT OF ED',
    interest_rate_percentage: loan.ratePercentage,
    is_overdue: false,
    last_payment_amount: figures.last ? dollars(figures.last.amount) : null,
    last_payment_date: dateOrNull(figures.last?.day),
    // Statements go out three weeks before the due day and show what was owed then.
    last_statement_balance: dollars(figures.owed),
    last_statement_issue_date: figures.next === null ? null : isoDay(figures.next - 21),
    loan_name: 'Consolidation',
    loan_status: {
      end_date: isoDay(figures.maturity),
      type: 'repayment' as StudentLoan['loan_status']['type'],
    },
    minimum_payment_amount: dollars(loan.payment),
    next_payment_due_date: dateOrNull(figures.next),
    origination_date: isoDay(loan.originationDay),
    origination_principal_amount: dollars(loan.originationPrincipal),
    outstanding_interest_amount: dollars(figures.outstandingInterest),
    payment_reference_number: accountNumber(item, loan).slice(-8),
    pslf_status: { estimated_eligibility_date: null, payments_made: paymentsMade, payments_remaining: null },
    repayment_plan: {
      description: 'Standard Repayment',
      type: 'standard' as StudentLoan['repayment_plan']['type'],
    },
    sequence_number: '1',
    servicer_address: {
      city: 'Lincoln',
      country: 'US',
      postal_code: '68501',
      region: 'NE',
      street: '121 S 13th St',
    },
    ytd_interest_paid: dollars(figures.interestPaid),
    ytd_principal_paid: dollars(figures.principalPaid),
  };
}

function mortgageBody(item: SandboxItem, loan: LoanTerms, today: Day): MortgageLiability {
  const figures = loanFigures(item, loan, today);
  const home = item.ledger.generated.homeCity;
  return {
    account_id: item.accountId(loan.accountKey),
    account_number: accountNumber(item, loan),
    current_late_fee: 0,
    escrow_balance: dollars(Math.round(loan.payment * 2.5)),
    has_pmi: false,
    has_prepayment_penalty: false,
    interest_rate: { percentage: loan.ratePercentage, type: 'fixed' },
    last_payment_amount: figures.last ? dollars(figures.last.amount) : null,
    last_payment_date: dateOrNull(figures.last?.day),
    loan_type_description: 'conventional',
    loan_term: `${loan.termMonths / 12} year`,
    maturity_date: isoDay(figures.maturity),
    next_monthly_payment: dollars(loan.payment),
    next_payment_due_date: dateOrNull(figures.next),
    origination_date: isoDay(loan.originationDay),
    origination_principal_amount: dollars(loan.originationPrincipal),
    past_due_amount: 0,
    property_address: {
      city: home.city,
      country: 'US',
      postal_code: home.postal_code,
      region: home.region,
      street: '2992 Cameron Road',
    },
    ytd_interest_paid: dollars(figures.interestPaid),
    ytd_principal_paid: dollars(figures.principalPaid),
  };
}
