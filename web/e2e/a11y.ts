import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';
import { seriousViolations } from '../src/test/seriousViolations';

/**
 * Waits until no finite animation or transition is running: axe computes contrast with the
 * opacity an element has at that moment, so a card still fading in reads as low contrast
 * (docs/decisions/testing.md). Endless ones (a spinner, a skeleton's pulse, the live dot) never end.
 */
async function animationsSettled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity)
            .length,
      ),
    )
    .toBe(0);
}

/** Fails on any serious or critical axe-core violation (docs/product.md, "Quality bar"), listing rule and targets. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await animationsSettled(page);
  // Only the violations are needed: the details of every passing node would only cost time.
  // Legacy mode runs axe.run() in the page itself; the default opens a blank page of its own for
  // every check and loads axe into it, which tripled each check's time (docs/decisions/testing.md).
  // Our pages have no cross-origin frames, the one thing legacy mode does not check.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(seriousViolations(violations)).toEqual([]);
}
