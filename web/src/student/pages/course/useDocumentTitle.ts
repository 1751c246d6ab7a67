import { useEffect } from 'react';
import { useT } from '../../runtime/useT';

/**
 * The document's title as the island's state names it. Again after a change of language: the
 * swap puts the page's own title back (the other language's markup carries it).
 */
export function useDocumentTitle(title: string): void {
  const { language } = useT();
  useEffect(() => {
    document.title = title;
  }, [title, language]);
}
