import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { type VNode, hydrate } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { HydrationSlice, hydrateInSlices, slicesHydrated } from './HydrationSlice';
import { nextTask } from './nextTask';
import { wakeAllIslands } from './pendingIslands';
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

/** A form hydrated on first use, a button outside it that says it must be live now, and a slice inside it. */
function FirstUse() {
  const [now, setNow] = useState(false);
  return (
    <IdSourceContext.Provider value={{ prefix: 'i0-', next: 0 }}>
      <button type="button" onClick={() => setNow(true)}>
        {`now ${now}`}
      </button>
      <HydrationSlice onFirstUse={{ now }}>
        <Counter name="form" />
        <HydrationSlice>
          <Counter name="field" />
        </HydrationSlice>
      </HydrationSlice>
    </IdSourceContext.Provider>
  );
}

/** A slice whose content the island changes before it is used: a question it read since, say. */
function Learnt() {
  const [question, setQuestion] = useState<string>();
  return (
    <IdSourceContext.Provider value={{ prefix: 'i0-', next: 0 }}>
      <button type="button" onClick={() => setQuestion('Did it help?')}>
        read
      </button>
      <HydrationSlice onFirstUse={{ now: question !== undefined }}>
        <Counter name="form" />
        {/* In the HTML, what a host without the island's script may fill: an element of the same kind. */}
        {question ? (
          <div role="group" aria-label={question}>
            {question}
          </div>
        ) : (
          <div />
        )}
      </HydrationSlice>
    </IdSourceContext.Provider>
  );
}

/** The tasks of the page, enough for a woken slice and the one inside it. */
async function someTasks() {
  for (let task = 0; task < 4; task++) await oneTask();
}

describe('HydrationSlice onFirstUse', () => {
  it('draws its children at once outside a hydration', () => {
    render(<FirstUse />);
    fireEvent.click(screen.getByRole('button', { name: 'form 0' }));
    expect(screen.getByRole('button', { name: 'form 1' })).toBeTruthy();
  });

  it('stays the HTML while nothing uses it, and hydrates at its first use, its slices after it', async () => {
    const { html, host } = serve(<FirstUse />);
    hydrateInSlices(() => hydrate(<FirstUse />, host));
    await someTasks();
    fireEvent.click(screen.getByRole('button', { name: 'form 0' }));
    expect(screen.getByRole('button', { name: 'form 0' })).toBeTruthy();
    expect(host.innerHTML).toBe(html);

    // That click was its first use: it hydrates in the promises that follow.
    await oneTask();
    fireEvent.click(screen.getByRole('button', { name: 'form 0' }));
    expect(screen.getByRole('button', { name: 'form 1' })).toBeTruthy();
    await someTasks();
    fireEvent.click(screen.getByRole('button', { name: 'field 0' }));
    expect(screen.getByRole('button', { name: 'field 1' })).toBeTruthy();
    expect(host.querySelectorAll('button')).toHaveLength(3);
    host.remove();
  });

  it('hydrates unused when the island says it must be live now', async () => {
    const { host } = serve(<FirstUse />);
    hydrateInSlices(() => hydrate(<FirstUse />, host));
    fireEvent.click(screen.getByRole('button', { name: 'now false' }));
    await someTasks();
    fireEvent.click(screen.getByRole('button', { name: 'field 0' }));
    expect(screen.getByRole('button', { name: 'field 1' })).toBeTruthy();
    host.remove();
  });

  it('hydrates unused, slices and all, before a change of language goes on (slicesHydrated)', async () => {
    const { host } = serve(<FirstUse />);
    hydrateInSlices(() => hydrate(<FirstUse />, host));
    await someTasks();
    wakeAllIslands();
    await slicesHydrated();
    fireEvent.click(screen.getByRole('button', { name: 'field 0' }));
    expect(screen.getByRole('button', { name: 'field 1' })).toBeTruthy();
    host.remove();
  });

  it('hydrates what it was first drawn with, then draws what the island learnt since, attributes and all', async () => {
    const { host } = serve(<Learnt />);
    hydrateInSlices(() => hydrate(<Learnt />, host));
    fireEvent.click(screen.getByRole('button', { name: 'read' }));
    await someTasks();
    expect(screen.getByRole('group', { name: 'Did it help?' })).toHaveTextContent('Did it help?');
    fireEvent.click(screen.getByRole('button', { name: 'form 0' }));
    expect(screen.getByRole('button', { name: 'form 1' })).toBeTruthy();
    host.remove();
  });
});
