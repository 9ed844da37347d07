import { describe, expect, it } from 'vitest';
import { viewOptions } from './money-calendar.tsx';

describe("the calendar's view picker", () => {
  it('lists Cash, every account by name and mask with debts and hand-kept accounts marked, then Net worth', () => {
    const options = viewOptions([
      { id: 'a1', account_name: 'Everyday Checking', account_type: 'depository', mask: '0000' },
      { id: 'a2', account_name: 'Rewards Card', account_type: 'credit', mask: '3333' },
      { id: 'a3', account_name: 'Credit union savings', account_type: 'depository', is_manual: true },
      { id: 'a4', account_name: 'Loan from Mum', account_type: 'loan', is_manual: true },
    ]);

    expect(options.map((o) => o.value)).toEqual(['cash', 'a1', 'a2', 'a3', 'a4', 'net_worth']);
    const label = (id: string) => options.find((o) => o.value === id)?.label ?? '';
    expect(label('a1')).not.toMatch(/\((owed|manual)\)/);
    expect(label('a2')).toMatch(/ \(owed\)$/);
    expect(label('a3')).toMatch(/^Credit union savings.* \(manual\)$/);
    expect(label('a4')).toMatch(/ \(owed\) \(manual\)$/);
  });
});
