import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { alertsDropdown, AlertsMenu } from '../layouts/alerts-menu.tsx';
import { lazyModule } from '../../lib/lazy-module.ts';

describe('lazyModule', () => {
  it('imports once however often it is asked, and again after a failed import', async () => {
    const Component = () => null;
    const importer = vi
      .fn<() => Promise<typeof Component>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Component);
    const lazy = lazyModule(importer);
    await expect(lazy.load()).rejects.toThrow('offline');
    expect(lazy.loaded()).toBeNull();
    const [first, second] = await Promise.all([lazy.load(), lazy.load()]);
    expect(first).toBe(Component);
    expect(second).toBe(Component);
    expect(lazy.loaded()).toBe(Component);
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('lazyMenu (the alerts menu)', () => {
  const render = () =>
    renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AlertsMenu />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('draws a light trigger that reads as the Radix one, and the Radix menu once loaded', async () => {
    const light = render();
    expect(light).toMatch(/^<button[^>]*aria-label="Notifications"/);
    expect(light).toContain('aria-haspopup="menu"');
    expect(light).toContain('aria-expanded="false"');
    expect(light).toContain('data-state="closed"');
    expect(light).not.toContain(' id="');

    await alertsDropdown.load();
    const real = render();
    // Radix's trigger: the same button, attributes and content, plus the id its menu points back to.
    expect(real).toMatch(/^<button[^>]* id="[^"]+"/);
    const attributes = (html: string) =>
      [...(html.match(/^<button([^>]*)>/)?.[1] ?? '').matchAll(/ ([\w-]+)="([^"]*)"/g)]
        .filter(([, name]) => name !== 'id')
        .map(([, name, value]) => `${name}=${value}`)
        .sort();
    expect(attributes(real)).toEqual(attributes(light));
    expect(real.replace(/^<button[^>]*>/, '')).toBe(light.replace(/^<button[^>]*>/, ''));
  });
});
