import { describe, expect, it } from 'vitest';
import { CONFIG_SLOT, withConfigInPage } from './web-page-config.ts';

describe('the config block of index.html', () => {
  const html = `<head>${CONFIG_SLOT}<script>run()</script></head>`;

  it('fills the empty block with the config, which reads back as the same JSON', () => {
    const config = { apiUrl: 'https://x.test/api', note: '</script><script>alert(1)</script>', price: '$&' };
    const page = withConfigInPage(html, JSON.stringify(config));
    const block = /<script type="application\/json" id="app-config">([\s\S]*?)<\/script>/.exec(page)?.[1];
    // No value can end the block early: `<` is escaped, and `$&` is not a replacement pattern here.
    expect(block).not.toContain('<');
    expect(JSON.parse(block ?? 'null')).toEqual(config);
    expect(page.endsWith('<script>run()</script></head>')).toBe(true);
  });

  it('refuses a page without an empty block', () => {
    expect(() => withConfigInPage('<head></head>', '{}')).toThrow(/app-config/);
  });
});
