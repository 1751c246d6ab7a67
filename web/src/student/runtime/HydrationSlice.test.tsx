import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { type VNode, hydrate } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { HydrationSlice, hydrateInSlices } from './HydrationSlice';
import { nextTask } from './nextTask';
import { IdSourceContext, useStableId } from './useStableId';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const id = useStableId();
  return (
    <p>
      <span id={id}>{name}</span>
      <button type="button" aria-describedby={id} onClick={() => setCount(count + 1)}>
        {`${name} ${count}`}
      </button>
    </p>
  );
}

function Form() {
  return (
    <form>
      <Counter name="first" />
      <HydrationSlice>
        <Counter name="second" />
        <Counter name="third" />
      </HydrationSlice>
      <HydrationSlice>
        <Counter name="fourth" />
      </HydrationSlice>
      <Counter name="fifth" />
    </form>
  );
}

function Page() {
  return (
    <IdSourceContext.Provider value={{ prefix: 'i0-', next: 0 }}>
      <Form />
    </IdSourceContext.Provider>
  );
}

/** One task of the page, then what it set off (the promises that wake the slice and its render). */
async function oneTask() {
  await nextTask();
  for (let step = 0; step < 10; step++) await Promise.resolve();
}

/** A slice in a slice, and a key that draws the inner one anew (as a form's new version does). */
function Nested() {
  const [version, setVersion] = useState(0);
  return (
    <IdSourceContext.Provider value={{ prefix: 'i0-', next: 0 }}>
      <button type="button" onClick={() => setVersion(version + 1)}>
        {`version ${version}`}
      </button>
      <HydrationSlice>
        <Counter name="outer" />
        <HydrationSlice key={version}>
          <Counter name={`inner ${version}:`} />
        </HydrationSlice>
      </HydrationSlice>
    </IdSourceContext.Provider>
  );
}

function serve(page: VNode) {
  const html = renderToString(page);
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return { html, host };
}

describe('HydrationSlice', () => {
  it('draws its children at once outside a hydration, in one element that lays out as they do', () => {
    const { container } = render(<Page />);
    expect(screen.getByRole('button', { name: 'second 0' })).toBeTruthy();
    expect(container.querySelectorAll('div[style*="display: contents"]')).toHaveLength(2);
  });

  it('keeps its HTML while the rest of the island hydrates, and hydrates it in a later task', async () => {
    const { html, host } = serve(<Page />);

    hydrateInSlices(() => hydrate(<Page />, host));
    // The first render hydrated what is outside the slices; the slices are still the HTML.
    expect(host.innerHTML).toBe(html);
    fireEvent.click(screen.getByRole('button', { name: 'first 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'second 0' }));
    expect(screen.getByRole('button', { name: 'first 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'second 0' })).toBeTruthy();

    await nextTask();
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: /^fourth/ }));
      expect(screen.getByRole('button', { name: /^fourth [1-9]/ })).toBeTruthy();
    });
    fireEvent.click(screen.getByRole('button', { name: 'second 0' }));
    expect(screen.getByRole('button', { name: 'second 1' })).toBeTruthy();
    // Nothing drawn twice, nothing lost, and every id is the one the HTML gave it.
    expect(host.querySelectorAll('button')).toHaveLength(5);
    expect(host.innerHTML.replace(/ [1-9]<\/button>/g, ' 0</button>')).toBe(html);
    host.remove();
  });

  it('inside another slice hydrates a task after it, and is drawn at once when drawn anew after', async () => {
    const { html, host } = serve(<Nested />);
    hydrateInSlices(() => hydrate(<Nested />, host));
    fireEvent.click(screen.getByRole('button', { name: 'outer 0' }));
    expect(screen.getByRole('button', { name: 'outer 0' })).toBeTruthy();

    await oneTask();
    fireEvent.click(screen.getByRole('button', { name: 'outer 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'inner 0: 0' }));
    expect(screen.getByRole('button', { name: 'outer 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'inner 0: 0' })).toBeTruthy();

    await oneTask();
    fireEvent.click(screen.getByRole('button', { name: 'inner 0: 0' }));
    expect(screen.getByRole('button', { name: 'inner 0: 1' })).toBeTruthy();
    expect(host.querySelectorAll('button')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'version 0' }));
    // No task between: a slice drawn after the hydration is never a moment blank.
    expect(screen.getByRole('button', { name: 'inner 1: 0' })).toBeTruthy();
    expect(html).toContain('inner 0: 0');
    host.remove();
  });

  it('gives its children the same ids in the HTML and in the hydration', () => {
    const html = renderToString(<Page />);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual(['i0-0', 'i0-1-0', 'i0-1-1', 'i0-2-0', 'i0-3']);
  });
});
