import axe from 'axe-core';
import { expect } from 'vitest';
import { seriousViolations } from './seriousViolations';

/**
 * Fails on any serious or critical axe-core violation in a component's DOM, as the browser specs'
 * check does on a page (docs/product.md, "Quality bar"), listing rule and targets. happy-dom has no
 * layout, so axe leaves colour contrast undecided here: the browser specs check it on every page
 * (web/e2e/every-page.spec.ts) and in the flows, with the same components and colours.
 */
export async function expectNoSeriousA11yViolations(root: Element = document.body) {
  const { violations } = await axe.run(root, { resultTypes: ['violations'] });
  expect(seriousViolations(violations)).toEqual([]);
}
