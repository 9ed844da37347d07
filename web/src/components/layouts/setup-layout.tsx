// The frame of /get-started: a quiet header with only the brand (spec §2: it goes to /calendar once the
// user has an active connected account, otherwise to /accounts), so nothing distracts from setup.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../ui/logo.tsx';

export function SetupLayout({ brandHref, children }: { brandHref: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-4xl items-center px-4">
          <Link to={brandHref} className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-600">
            <Logo className="text-lg" markClassName="size-7" />
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-4 py-8 sm:py-12">{children}</main>
    </div>
  );
}
