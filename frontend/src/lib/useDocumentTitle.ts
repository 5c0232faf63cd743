import { useEffect } from 'react';
import { APP_NAME } from './constants';

/** Sets the page title 'Seite – eAbwasser' (WCAG 2.4.2). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} – ${APP_NAME}` : APP_NAME;
  }, [title]);
}
