import type { ComponentProps } from 'react';
import { AppLink } from '../../ui/AppLink';
import { LinkButton } from '../../ui/primitives';

type FeedbackLinkProps = Omit<ComponentProps<typeof LinkButton>, 'href'> & {
  /** The class day's form; undefined while the course's class day is on its way. */
  href: string | undefined;
};

/**
 * A blue button to the class day's form. Until the course's class day has come it holds its place,
 * unseen and not yet a link: a tap never goes to a day the server would refuse.
 */
export function FeedbackLink({ href, children, ...props }: FeedbackLinkProps) {
  if (href) {
    return (
      <LinkButton as={AppLink} href={href} colorPalette="blue" {...props}>
        {children}
      </LinkButton>
    );
  }
  return (
    <LinkButton colorPalette="blue" aria-hidden="true" visibility="hidden" {...props}>
      {children}
    </LinkButton>
  );
}
