// The frame of the signed-out screens: brand, a centred card with the screen's title, and the footer
// links of spec §2 Login (Terms of use, Privacy policy).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { Logo } from '../ui/logo.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-10 sm:justify-center">
      <header className="mb-8">
        <Link
          to={paths.home.getHref()}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <Logo />
        </Link>
      </header>
      <main className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-2 text-sm text-slate-600">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </main>
      <footer className="mt-8 flex gap-6 text-sm text-slate-500">
        <Link to={paths.terms.getHref()} className="hover:text-slate-800 hover:underline">
          Terms of use
        </Link>
        <Link to={paths.privacy.getHref()} className="hover:text-slate-800 hover:underline">
          Privacy policy
        </Link>
      </footer>
    </div>
  );
}
