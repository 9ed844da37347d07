import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { homeLoadingTips } from '../../lib/home-logic.ts';
import { LoadingScreen } from './loading-screen.tsx';

describe('the home loading screen (spec §2: shown while the home checks run)', () => {
  it("carries the spec's four tips in order, the first on screen at once", () => {
    expect(homeLoadingTips.map((tip) => tip.title)).toEqual([
      'Building Your Money Plan',
      'Smart Insights Coming',
      'Goal Setting Made Simple',
      'Your Security Matters',
    ]);
    const html = renderToStaticMarkup(<LoadingScreen tips={homeLoadingTips} rotateMs={4000} />);
    expect(html).toContain('Building Your Money Plan');
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading your financial data...');
  });
});
