import { describe, expect, it } from 'vitest';
import { preloadFiles, startFilesFor, startFilesIn, type StartFiles } from './start-files.ts';

const list: StartFiles = {
  signedIn: ['/assets/app-core.js', '/assets/app.js'],
  screens: {
    '/calendar': ['/assets/calendar.js'],
    '/accounts/:accountId': ['/assets/account.js'],
    '/accounts': ['/assets/accounts.js'],
  },
};

/** A stand-in document: a head holding links (Node has no DOM). */
function documentWith(hrefs: string[]) {
  type Link = {
    rel: string;
    as: string;
    crossOrigin: string | null;
    href: string;
    getAttribute(name: string): string | null;
  };
  const link = (href = ''): Link => ({
    rel: '',
    as: '',
    crossOrigin: null,
    href,
    getAttribute(name: string) {
      return name === 'href' ? this.href : null;
    },
  });
  const links: Link[] = hrefs.map((href) => ({ ...link(href), rel: 'modulepreload' }));
  const doc = {
    head: { querySelectorAll: () => links, appendChild: (item: Link) => links.push(item) },
    createElement: () => link(),
  };
  return { doc: doc as unknown as Document, links };
}

describe('the start files of a signed-in deep link (app/start-files.ts)', () => {
  it('lists the signed-in files and the screen’s own for a path its table matches, nothing otherwise', () => {
    expect(startFilesFor(list, '/calendar')).toEqual([
      '/assets/app-core.js',
      '/assets/app.js',
      '/assets/calendar.js',
    ]);
    expect(startFilesFor(list, '/calendar/')).toEqual(startFilesFor(list, '/calendar'));
    expect(startFilesFor(list, '/accounts/acc-1')).toEqual([
      '/assets/app-core.js',
      '/assets/app.js',
      '/assets/account.js',
    ]);
    expect(startFilesFor(list, '/accounts')).toContain('/assets/accounts.js');
    expect(startFilesFor(list, '/login')).toEqual([]);
    expect(startFilesFor(list, '/')).toEqual([]);
  });

  it('reads the page’s list, and refuses what is not one', () => {
    const page = (text: string | null) => ({
      getElementById: (id: string) =>
        id === 'start-files' && text !== null ? ({ textContent: text } as HTMLElement) : null,
    });
    expect(startFilesIn(page(JSON.stringify(list)))).toEqual(list);
    expect(startFilesIn(page(null))).toBeNull();
    expect(startFilesIn(page(' '))).toBeNull();
    expect(startFilesIn(page('{oops'))).toBeNull();
    expect(startFilesIn(page('null'))).toBeNull();
    expect(startFilesIn(page(JSON.stringify({ signedIn: ['/a.js'] })))).toBeNull();
    expect(startFilesIn(page(JSON.stringify({ signedIn: [1], screens: {} })))).toBeNull();
    // Only the site's own files: a list naming another host is not used.
    expect(
      startFilesIn(page(JSON.stringify({ signedIn: ['https://evil.example/x.js'], screens: {} }))),
    ).toBeNull();
    expect(startFilesIn(page(JSON.stringify({ signedIn: ['//evil.example/x.js'], screens: {} })))).toBeNull();
    expect(startFilesIn(page(JSON.stringify({ signedIn: [], screens: { '/plan': ['x.js'] } })))).toBeNull();
  });

  it('links each file once, as Vite’s preload helper would, skipping those already linked', () => {
    const { doc, links } = documentWith(['/assets/app-core.js']);
    expect(
      preloadFiles(doc, ['/assets/app-core.js', '/assets/app.js', '/assets/app.js', '/assets/money.js']),
    ).toBe(2);
    expect(links.map((link) => link.href)).toEqual([
      '/assets/app-core.js',
      '/assets/app.js',
      '/assets/money.js',
    ]);
    expect(links[1]).toMatchObject({ rel: 'modulepreload', as: 'script', crossOrigin: '' });
    expect(preloadFiles(doc, ['/assets/app.js'])).toBe(0);
  });
});
