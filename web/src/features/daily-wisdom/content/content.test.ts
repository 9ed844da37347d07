import { describe, expect, it } from 'vitest';
import { bookQuotes } from './book-quotes.ts';
import { budgetingTips } from './budgeting-tips.ts';
import { moneyTips } from './money-tips.ts';

// spec §2 Daily Wisdom: about 40 money tips, 15 budgeting tips and about 90 book quotes.
describe('Daily Wisdom content', () => {
  it('has the counts of spec §2', () => {
    expect(moneyTips).toHaveLength(40);
    expect(budgetingTips).toHaveLength(15);
    expect(bookQuotes.length).toBeGreaterThanOrEqual(85);
    expect(bookQuotes.length).toBeLessThanOrEqual(95);
  });

  it('lists nothing twice (the dialog keys its rows by text)', () => {
    expect(new Set(moneyTips).size).toBe(moneyTips.length);
    expect(new Set(budgetingTips.map((t) => t.title)).size).toBe(budgetingTips.length);
    const normalise = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');
    expect(new Set(bookQuotes.map((q) => normalise(q.quote))).size).toBe(bookQuotes.length);
  });

  it('gives every quote its author and book', () => {
    for (const { quote, author, book } of bookQuotes) {
      expect(quote.trim(), author).not.toBe('');
      expect(author.trim(), quote).not.toBe('');
      expect(book.trim(), quote).not.toBe('');
    }
  });
});
