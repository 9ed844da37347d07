import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { engagementPromptIds, type EngagementPromptId } from '../../../lib/engagement.ts';
import { engagementPromptContent } from '../content/prompts.ts';
import { EngagementPromptCard } from './engagement-prompt.tsx';

const render = (prompt: EngagementPromptId) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <EngagementPromptCard prompt={prompt} onDismiss={() => undefined} />
    </MemoryRouter>,
  );

describe('EngagementPromptCard', () => {
  it('is a landmark named by its title, described by its text, with a Dismiss button', () => {
    const html = render('first_account');
    const title = engagementPromptContent.first_account.title;
    const labelledBy = /<aside[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    const describedBy = /<aside[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`id="${labelledBy}"`);
    expect(html).toMatch(new RegExp(`<h2 id="${labelledBy}"[^>]*>${title}</h2>`));
    expect(html).toContain(`<p id="${describedBy}"`);
    expect(html).toMatch(/<button type="button" aria-label="Dismiss"/);
  });

  it('links to the next step and to the plans (spec §2 /plans)', () => {
    expect(render('first_account')).toContain('href="/plan"');
    expect(render('first_account')).toContain('href="/plans"');
    expect(render('money_plan_generated')).toContain('href="/calendar"');
    expect(render('ai_coach_used')).toContain('href="/coach"');
  });

  it('offers the plans once when the plans are the next step', () => {
    const html = render('value_experienced');
    expect(html.match(/href="\/plans"/g)).toHaveLength(1);
    expect(html).toContain('>See plans</a>');
  });

  it('has its own title for every prompt of spec §4', () => {
    const titles = engagementPromptIds.map((id) => engagementPromptContent[id].title);
    expect(new Set(titles).size).toBe(engagementPromptIds.length);
  });
});
