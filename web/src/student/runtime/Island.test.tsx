import { render } from '@testing-library/preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it } from 'vitest';
import { Island, renderIslandsWith } from './Island';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, islandName, topLevelIslands } from './islandMarks';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}
function Outer() {
  return (
    <section>
      <Island of={Greeting} props={{ name: 'inner' }} />
    </section>
  );
}

afterEach(() => renderIslandsWith(new Map(), new Set()));

describe('Island', () => {
  it('is its component alone outside the build (the professor app, a test)', () => {
    const { container } = render(<Island of={Greeting} props={{ name: 'Ada' }} />);
    expect(container.innerHTML).toBe('<p>Hello Ada</p>');
  });

  it('is written by the build with its name and JSON props around it, and counted as drawn', () => {
    const used = new Set<string>();
    renderIslandsWith(new Map([[Greeting as never, 'pages/x/Greeting']]), used);
    const html = renderToString(<Island of={Greeting} props={{ name: 'Ada & "Bo"' }} />);
    const host = document.createElement('div');
    host.innerHTML = html;
    const island = host.firstElementChild!;
    expect(island.getAttribute(ISLAND_ATTRIBUTE)).toBe('pages/x/Greeting');
    expect(JSON.parse(island.getAttribute(ISLAND_PROPS_ATTRIBUTE)!)).toEqual({ name: 'Ada & "Bo"' });
    expect(island.textContent).toBe('Hello Ada & "Bo"');
    expect([...used]).toEqual(['pages/x/Greeting']);
  });

  it('is counted as hydrating at load unless it waits for its first use (the page then loads no code until used)', () => {
    const used = new Set<string>();
    const atLoad = new Set<string>();
    renderIslandsWith(
      new Map([
        [Greeting as never, 'Greeting'],
        [Outer as never, 'Outer'],
      ]),
      used,
      atLoad,
    );
    renderToString(
      <>
        <Island of={Greeting} props={{ name: 'Ada' }} onFirstUse={{}} />
        <Island of={Outer} props={{}} />
      </>,
    );
    expect([[...used], [...atLoad]]).toEqual([['Greeting', 'Outer'], ['Outer']]);
  });

  it('inside another island is its component alone, hydrated with the outer one', () => {
    renderIslandsWith(
      new Map([
        [Greeting as never, 'Greeting'],
        [Outer as never, 'Outer'],
      ]),
      new Set(),
    );
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Island of={Outer} props={{}} />);
    expect(host.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)).toHaveLength(1);
    expect(topLevelIslands(host).map((island) => island.getAttribute(ISLAND_ATTRIBUTE))).toEqual(['Outer']);
  });

  it('names an island by its file', () => {
    expect(islandName('./pages/course-search/CourseSearch.island.tsx')).toBe('pages/course-search/CourseSearch');
  });
});
