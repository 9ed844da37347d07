import { describe, expect, it } from 'vitest';
import { categoryOptions } from './planned-item-form.tsx';

describe("the planned-item form's categories", () => {
  it('come after "No category" in the order localeCompare gives, without building a collator', () => {
    const [none, ...groups] = categoryOptions;
    expect(none).toEqual({ value: '', label: 'No category' });
    expect(groups.length).toBeGreaterThan(10);
    const labels = groups.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });
});
