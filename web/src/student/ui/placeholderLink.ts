/** The seed's footer links that go nowhere (Support, About): a click on one changes nothing, not even the address. */
export const PLACEHOLDER_LINK = 'data-placeholder-link';

/** Keeps a click on a placeholder link where it is, wherever the link is on the page (static markup included). */
export function keepPlaceholderLinksInPlace(doc: Document = document): void {
  doc.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest?.(`a[${PLACEHOLDER_LINK}]`)) event.preventDefault();
  });
}
