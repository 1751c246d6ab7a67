import { Container } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from './LinkButton';
import { MessageBlock } from './MessageBlock';

interface NotFoundProps {
  /** "Course Not Found", "404 Page Not Found", … */
  title: string;
  /** Why, in one sentence. */
  description: string;
  /** Where to go instead: centred notices offer it as the main action, others as an outline button. */
  action?: { to: string; label: string };
  /** A page of its own: its document title, an h1 and the page's container. Otherwise an h2 inside a page. */
  pageTitle?: string;
  centered?: boolean;
  /** Shown under the description (the course search's checklist). */
  children?: ReactNode;
}

/** The one "not found" notice: the page's 404, an unknown course, a dead track link. */
export function NotFound({ title, description, action, pageTitle, centered = false, children }: NotFoundProps) {
  const block = (
    <MessageBlock
      title={title}
      as={pageTitle ? 'h1' : 'h2'}
      size={pageTitle ? '2xl' : centered ? 'xl' : 'lg'}
      centered={centered}
      description={description}
      py={pageTitle || !centered ? undefined : '4'}
    >
      {children}
      {action && (
        <LinkButton asChild {...(centered ? { colorPalette: 'blue' } : { variant: 'outline' })}>
          <RouterLink to={action.to}>{action.label}</RouterLink>
        </LinkButton>
      )}
    </MessageBlock>
  );
  if (!pageTitle) return block;
  return (
    <Container maxW="3xl" py="16">
      <title>{pageTitle}</title>
      {block}
    </Container>
  );
}
