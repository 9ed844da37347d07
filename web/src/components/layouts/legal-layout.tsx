// The frame of /terms and /privacy: the brand, a readable column of sections, links between the two.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Logo } from '../ui/logo.tsx';

export interface LegalSection {
  heading: string;
  body: readonly string[];
}

export function LegalLayout({
  title,
  updated,
  intro,
  sections,
  children,
}: {
  title: string;
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <Link
            to={paths.home.getHref()}
            className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Logo className="text-lg" markClassName="size-7" />
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">Last updated {updated}</p>
        <p className="mt-6 text-base text-slate-700">{intro}</p>
        {sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
            {section.body.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-base leading-7 text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        {children}
        <nav aria-label="Legal" className="mt-12 flex gap-6 border-t border-slate-200 pt-6 text-sm">
          <Link to={paths.terms.getHref()} className="font-medium text-brand-700 hover:underline">
            Terms of use
          </Link>
          <Link to={paths.privacy.getHref()} className="font-medium text-brand-700 hover:underline">
            Privacy policy
          </Link>
          <Link to={paths.home.getHref()} className="font-medium text-brand-700 hover:underline">
            Home
          </Link>
        </nav>
      </main>
    </div>
  );
}
