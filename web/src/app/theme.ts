import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
  dialogSlotRecipe,
  sliderSlotRecipe,
  tabsSlotRecipe,
  tableSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's tokens with only the recipes ClassPulse renders. `defaultConfig` ships every recipe
 * (~111 KB gzip with emotion); these alone keep the professor app's weight down.
 * A Chakra component whose recipe is missing here renders unstyled: add its recipe when you
 * first use it (e.g. `fieldSlotRecipe` for Field, `nativeSelectSlotRecipe` for NativeSelect).
 */
const classPulseConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    // A browser set to reduce motion gets none: no fade, slide or pulse (docs/product.md, "Quality bar").
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0s !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
      tabs: tabsSlotRecipe,
      slider: sliderSlotRecipe,
      dialog: dialogSlotRecipe,
      table: tableSlotRecipe,
    },
  },
});

let system: SystemContext | undefined;

/**
 * The design system, built on first use rather than when this module loads: building it (every
 * token's CSS variable, the global styles) takes ~45 ms on a desktop and four times that on a slow
 * phone, which main.tsx runs as a task of its own instead of inside the one that evaluates the
 * app's code.
 */
export function classPulseSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, classPulseConfig);
  return system;
}
