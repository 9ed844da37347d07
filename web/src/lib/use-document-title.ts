// Sets the browser tab's title for a screen ("Settings · Tallywise").
import { useEffect } from 'react';
import { APP_NAME } from '../config/brand.ts';

export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
