import { type ComponentProps, type ComponentType, createContext, forwardRef, useContext } from 'react';

export type AppLinkProps = ComponentProps<'a'> & { href: string };

/**
 * How a student component links to another page: an ordinary link (a page load) on a student page.
 * The professor app, which renders the site's header and footer too, gives its router's link for
 * its own pages (app/layout/AppShell.tsx).
 */
export const LinkComponentContext = createContext<ComponentType<AppLinkProps> | null>(null);

export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(props, ref) {
  const Link = useContext(LinkComponentContext);
  return Link ? <Link {...props} /> : <a ref={ref} {...props} />;
});
