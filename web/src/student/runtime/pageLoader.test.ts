import { afterEach, describe, expect, it } from 'vitest';
import { ISLAND_LIVE_ATTRIBUTE, LOADER_GLOBAL, type PageLoader } from './islandMarks';
import { islandIsLive, usedBeforeBoot } from './pageLoader';

function page(): { header: HTMLElement; footer: HTMLElement; loader: PageLoader } {
  document.body.innerHTML = `<div id="header"><button id="menu">Menu</button><button id="theme">Theme</button></div><div id="footer"><button>Language</button></div>`;
  const header = document.getElementById('header')!;
  const footer = document.getElementById('footer')!;
  const loader: PageLoader = { used: new Set([header]), taps: [] };
  (window as unknown as Record<string, PageLoader>)[LOADER_GLOBAL] = loader;
  return { header, footer, loader };
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[LOADER_GLOBAL];
});

describe('what boot.ts takes over from the page’s loader', () => {
  it('knows which islands the student used before the code came', () => {
    const { header, footer } = page();
    expect([usedBeforeBoot(header), usedBeforeBoot(footer)]).toEqual([true, false]);
  });

  it('taps again, in order, the buttons tapped in an island once it is live, and keeps the others’ for later', () => {
    const { header, footer, loader } = page();
    const heard: string[] = [];
    document.body.addEventListener('click', (event) => heard.push((event.target as Element).textContent!));
    const [menu, theme] = header.querySelectorAll('button');
    const language = footer.querySelector('button')!;
    loader.taps.push(theme!, language, menu!);

    islandIsLive(header);
    expect(header).toHaveAttribute(ISLAND_LIVE_ATTRIBUTE);
    expect(heard).toEqual(['Theme', 'Menu']);
    expect(loader.taps).toEqual([language]);
  });

  it('drops a tap on a button the hydration replaced, and does nothing without a loader', () => {
    const { header, loader } = page();
    const menu = header.querySelector('button')!;
    loader.taps.push(menu);
    menu.remove();
    islandIsLive(header);
    expect(loader.taps).toEqual([]);
    delete (window as unknown as Record<string, unknown>)[LOADER_GLOBAL];
    expect(() => islandIsLive(header)).not.toThrow();
  });
});
