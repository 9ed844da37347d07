import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';

describe('Field (shared by TextField and SelectField)', () => {
  it('labels the control and names its hint and error in aria-describedby', () => {
    const html = renderToStaticMarkup(
      <TextField id="amount" label="Amount" hint="In dollars" error="Required" />,
    );
    expect(html).toContain('<label');
    expect(html).toContain('for="amount"');
    expect(html).toMatch(
      /<input[^>]*id="amount"[^>]*aria-invalid="true"[^>]*aria-describedby="amount-hint amount-error"/,
    );
    expect(html).toContain('<p id="amount-hint"');
    expect(html).toContain('<p id="amount-error"');
  });

  it('leaves aria-invalid and aria-describedby off a clean control', () => {
    const html = renderToStaticMarkup(
      <SelectField id="cadence" label="Cadence" options={[{ value: 'monthly', label: 'Monthly' }]} />,
    );
    expect(html).toMatch(/<select[^>]*id="cadence"/);
    expect(html).not.toContain('aria-invalid=');
    expect(html).not.toContain('aria-describedby=');
    expect(html).toContain('<option value="monthly">Monthly</option>');
  });
});
