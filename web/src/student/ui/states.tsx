// The student pages' common states: loading, a message (empty, not found), a failed read, a tinted notice.
import { Fragment, type ReactNode } from 'react';
import { useT } from '../runtime/useT';
import { AppLink } from './AppLink';
import { cva, cx } from 'styled-system/css';
import { styled } from 'styled-system/jsx';
import { Box, Button, type ButtonProps, Container, HStack, Heading, LinkButton, Spinner, Stack, Text } from './primitives';

export { ERROR_COLOR } from './errorColor';

/** "Loading …" with a small spinner, announced to screen readers; centred when it stands for a whole page. */
export function LoadingLine({ text, centered = false }: { text: string; centered?: boolean }) {
  return (
    <HStack role="status" gap="3" justify={centered ? 'center' : undefined}>
      <Spinner size="sm" />
      <Text>{text}</Text>
    </HStack>
  );
}

export interface MessageBlockProps {
  title: string;
  /** The heading's level: h1 when the message is the page, h2 or h3 inside one. */
  as?: 'h1' | 'h2' | 'h3';
  size?: 'md' | 'lg' | 'xl' | '2xl';
  /** Centred text (an empty list, a page of its own); otherwise aligned to the start. */
  centered?: boolean;
  /** Said under the title, muted. */
  description?: string;
  /** What follows the description: a list, a button or a link. */
  children?: ReactNode;
  role?: 'alert' | 'status';
  py?: string;
}

/** A heading, a muted sentence and what to do next: empty states, "not found", a failed read. */
export function MessageBlock({ title, as = 'h2', size = 'lg', centered = false, description, children, role, py }: MessageBlockProps) {
  return (
    <Stack
      role={role}
      gap={as === 'h1' ? '4' : '3'}
      align={centered ? 'center' : 'flex-start'}
      textAlign={centered ? 'center' : undefined}
      py={py}
    >
      <Heading as={as} size={size}>
        {title}
      </Heading>
      {description && <Text color="fg.muted">{description}</Text>}
      {children}
    </Stack>
  );
}

interface NotFoundProps {
  /** "Course Not Found", "Submission Not Found", … */
  title: string;
  /** Why, in one sentence. */
  description: string;
  /** Where to go instead: centred notices offer it as the main action, others as an outline button. */
  action?: { href: string; label: string };
  /** A page of its own: an h1 and the page's container. Otherwise an h2 inside a page. */
  page?: boolean;
  centered?: boolean;
  /** Shown under the description (the course search's checklist). */
  children?: ReactNode;
}

/** The one "not found" notice: an unknown course, a dead track link. */
export function NotFound({ title, description, action, page = false, centered = false, children }: NotFoundProps) {
  const block = (
    <MessageBlock
      title={title}
      as={page ? 'h1' : 'h2'}
      size={page ? '2xl' : centered ? 'xl' : 'lg'}
      centered={centered}
      description={description}
      py={page || !centered ? undefined : '4'}
    >
      {children}
      {action && (
        <LinkButton as={AppLink} href={action.href} {...(centered ? { colorPalette: 'blue' } : { variant: 'outline' })}>
          {action.label}
        </LinkButton>
      )}
    </MessageBlock>
  );
  if (!page) return block;
  return (
    <Container maxW="3xl" py="16">
      {block}
    </Container>
  );
}

// Written out for each tone: Panda makes the CSS of what it reads in the code, not of a value picked at run time.
const notice = cva({
  base: { borderWidth: '1px', borderRadius: 'md', px: '4', py: '3', textStyle: 'sm' },
  variants: {
    tone: {
      info: { bg: 'blue.subtle', borderColor: 'blue.muted', color: 'blue.fg' },
      success: { bg: 'green.subtle', borderColor: 'green.muted', color: 'green.fg' },
      warning: { bg: 'orange.subtle', borderColor: 'orange.muted', color: 'orange.fg' },
      error: { bg: 'red.subtle', borderColor: 'red.muted', color: 'red.fg' },
    },
  },
});

type NoticeProps = React.ComponentProps<typeof Box> & { tone: 'info' | 'success' | 'warning' | 'error' };

/** A tinted message box: the privacy line of a form, "you're editing", a session that ended. */
export function Notice({ tone, className, ...props }: NoticeProps) {
  return <Box className={cx(notice({ tone }), className)} {...props} />;
}

interface LoadFailureProps {
  /** What could not be loaded: "Unable to load {what}". */
  what: string;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * A read that failed for a reason other than "not found" (offline, a server error): says so and
 * offers "Try again", so a blip never reads as "Not Found" and never drops what the student holds.
 */
export function LoadFailure({ what, onRetry, retrying }: LoadFailureProps) {
  const { t } = useT();
  return (
    <Notice tone="error" role="alert" display="flex" flexWrap="wrap" gap="3" alignItems="center" justifyContent="space-between">
      <styled.p>
        <styled.strong display="block">{t('Unable to load {{what}}', { what })}</styled.strong>
        {t('Please check your connection and try again.')}
      </styled.p>
      <RetryButton onClick={onRetry} loading={retrying} size="sm" variant="outline" bg="bg" />
    </Notice>
  );
}

/** "Try again", busy while the retry runs. */
export function RetryButton(props: ButtonProps) {
  const { t } = useT();
  return <Button {...props}>{t('Try again')}</Button>;
}

/** A course as its pages name it: the code in bold, then the name. */
export function CourseTitle({ code, name }: { code: string; name: string }) {
  return (
    <Text fontSize="lg">
      <styled.span fontWeight="bold">{code}</styled.span> {name}
    </Text>
  );
}

/**
 * A translated sentence with elements where its `{{placeholders}}` stand (a name in bold, a link):
 * the whole sentence is one catalog entry, so each language orders its words its own way.
 * `t(key)` without values leaves the placeholders in place for this to fill.
 */
export function withNodes(text: string, nodes: Record<string, ReactNode>): ReactNode[] {
  return text.split(/\{\{\s*(\w+)\s*\}\}/).map((part, index) => <Fragment key={index}>{index % 2 === 1 ? nodes[part] : part}</Fragment>);
}
