// spec §2 Daily Wisdom, Budgeting tab (15 strategies), and the loading screen's budgeting tips.
// Written for this product.
export interface BudgetingTip {
  title: string;
  body: string;
}

export const budgetingTips: readonly BudgetingTip[] = [
  {
    title: '50/30/20',
    body: 'Half of take-home pay to needs, 30 percent to wants, 20 percent to savings and extra debt payments.',
  },
  {
    title: 'Zero-based budget',
    body: 'Give every dollar a job before the month starts, until income minus plan equals zero.',
  },
  {
    title: 'Pay yourself first',
    body: 'Savings is the first bill you pay each payday; you live on what is left.',
  },
  {
    title: 'Envelope method',
    body: 'Set a fixed amount per category; when an envelope is empty, spending there stops until next month.',
  },
  {
    title: '80/20 budget',
    body: 'Save 20 percent automatically and spend the other 80 freely. Simple enough to keep.',
  },
  {
    title: 'Debt snowball',
    body: 'Pay off the smallest balance first for quick wins, then roll each payment into the next debt.',
  },
  {
    title: 'Debt avalanche',
    body: 'Pay off the highest interest rate first. It costs the least in total interest.',
  },
  {
    title: 'Sinking funds',
    body: 'Save a little every month for known irregular costs: holidays, insurance, car repairs.',
  },
  {
    title: 'Reverse budget',
    body: 'Decide your savings rate, automate it, and do not track the rest in detail.',
  },
  {
    title: 'Values-based budget',
    body: 'Rank what matters most to you and fund those first; cut spending that serves nothing on the list.',
  },
  {
    title: 'Paycheck budget',
    body: 'Plan each paycheck separately against the bills due before the next one. Your calendar shows which.',
  },
  {
    title: 'Weekly spending cap',
    body: 'Divide your monthly flexible money by weeks. A weekly limit is easier to feel than a monthly one.',
  },
  {
    title: 'No-spend categories',
    body: 'Pick one category to pause for a month, such as takeaway or clothes, and redirect the money.',
  },
  {
    title: 'Anti-budget',
    body: 'Automate bills and savings, then spend what remains without categories. Good for busy months.',
  },
  {
    title: 'Monthly money date',
    body: 'Thirty minutes a month to review the plan, the forecast and your goals, ideally with your partner.',
  },
];
