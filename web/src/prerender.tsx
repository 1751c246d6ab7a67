// Build-time entry (web/scripts/prerender.ts): renders a page's first screen to HTML with the app's
// own providers, routes and components, the way the browser's first render draws it (no data yet).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/router';
import { applyLanguage } from './i18n/i18n';
import type { Language } from './i18n/languages';
import type { CourseShellRender } from './prerender-course';
import { ClockContext } from './shared/clock';
import { LightPageContext } from './shared/lightPage';

export { COURSE_DAYS, COURSE_MARKS, coursePageRequests, courseShell } from './prerender-course';

/** A page as its first render draws it; the course page's file gives it data and a day (prerender-course.ts). */
export async function renderPage(url: string, language: Language, given?: Omit<CourseShellRender, 'url'>, light = false): Promise<string> {
  await applyLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${url} answers ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={given?.queryClient ?? createQueryClient()}>
        <ClockContext.Provider value={given?.now ?? (() => new Date())}>
          <LightPageContext.Provider value={light}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </LightPageContext.Provider>
        </ClockContext.Provider>
      </AppProviders>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
