// The student pages' styles: CSS made at build time from Chakra v3's own tokens and recipes (the
// professor app's look), light and dark, with no Emotion and no Chakra runtime on a student page
// (docs/decisions/student-pages.md, "Styles"). `npm install` runs `panda codegen` (package.json's
// `prepare`): it writes web/styled-system/, the typed `css()`, recipes and patterns the components
// import; PostCSS (postcss.config.js) writes the stylesheet of what they use.
import chakra from '@chakra-ui/panda-preset';
import { defineConfig } from '@pandacss/dev';
import { REMEMBERED_MARK } from './src/shared/rememberedFeedbackStore';
import { NOTHING_REMEMBERED_ONLY, REMEMBERED_LIST, REMEMBERED_ONLY } from './src/student/shell/signedOutOnly';
import { COURSE_DRAWN, HOSTED_COURSE } from './src/student/pages/course/hostedCourseMarks';
import { ISLAND_ATTRIBUTE } from './src/student/runtime/islandMarks';
import { SENT_TOKEN_MARK, SENT_TOKEN_ONLY } from './src/student/pages/form-post/sentMarks';

export default defineConfig({
  presets: [chakra],
  preflight: true,
  // The student side only. The professor app's Chakra style props (`<Box mx="4">`) read like Panda's,
  // and scanning them put 154 rules (7 KB) no student page uses into every page's inline CSS.
  include: ['./src/student/**/*.{ts,tsx}'],
  exclude: ['./src/**/*.test.{ts,tsx}'],
  outdir: 'styled-system',
  importMap: 'styled-system',
  jsxFramework: 'react',
  // The style props the primitives take (`<Stack gap="4">`), as Chakra's components take them.
  jsxStyleProps: 'all',
  strictTokens: false,
  // Chakra's own light and dark: light on the root unless the page is dark (`.dark` on <html>, set
  // before first paint by the page's head script from the stored or system theme).
  conditions: {
    extend: {
      light: ':root &, .light &',
      dark: '.dark &, .dark .chakra-theme:not(.light) &',
    },
  },
  globalCss: {
    extend: {
      // The header's "My feedback" before its island runs: only on a device that remembers feedback
      // (the head script's mark), in the app too, which renders the same header (shell/SiteHeader.island.tsx).
      // My feedback's empty state in the HTML, which a device that remembers feedback never sees (its
      // list comes once the island runs: pages/my-feedback/RememberedList.island.tsx). Important, both:
      // a global rule is in Panda's base layer, which an element's own `display` (a recipe's or a
      // utility's, in a later layer) would beat.
      [`html:not([${REMEMBERED_MARK}]) [${REMEMBERED_ONLY}]`]: { display: 'none !important' },
      [`html[${REMEMBERED_MARK}] [${NOTHING_REMEMBERED_ONLY}]`]: { display: 'none !important' },
      // Where it remembers feedback, My feedback's list is a screen tall from the first paint: the
      // footer is below the fold before the list comes, and does not move when it does.
      [`html[${REMEMBERED_MARK}] [${REMEMBERED_LIST}]`]: { minHeight: '100dvh' },
      // A course page whose host wrote its first screen (pages/course/hostedCourseMarks.ts): that
      // copy, not the island's loading line, until the island has drawn the course itself.
      [`html:not([${COURSE_DRAWN}]) [${HOSTED_COURSE}]:has(> *) + [${ISLAND_ATTRIBUTE}]`]: { display: 'none !important' },
      [`html[${COURSE_DRAWN}] [${HOSTED_COURSE}]`]: { display: 'none !important' },
      // A sent page's private link card, in its HTML, where the address holds the edit token (pages/form-post/sentMarks.ts).
      [`html:not([${SENT_TOKEN_MARK}]) [${SENT_TOKEN_ONLY}]`]: { display: 'none !important' },
      // Panda's reset balances headings' lines; Chakra's does not: the look stays Chakra's.
      'h1, h2, h3, h4, h5, h6': { textWrap: 'wrap' },
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
  },
});
