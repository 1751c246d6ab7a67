import { Badge, Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LIGHT, useLightPage } from '../../shared/lightPage';
import { LinkButton } from '../../shared/ui/LinkButton';

// My feedback's parts, drawn by the app and, from templates of them, by a light page
// (web/src/prerender.tsx renders them for a stand-in entry; web/src/student/myFeedback.ts fills them).

/** Why an entry's own submission could not be read: gone from the server, or no answer. */
export type EntryProblem = 'removed' | 'unreachable';

export function NothingRemembered() {
  const { t } = useTranslation();
  return (
    <Stack gap="3" align="flex-start">
      <Text>{t('This device remembers no feedback.')}</Text>
      <LinkButton asChild colorPalette="blue">
        <RouterLink to="/submit">{t('Submit Feedback')}</RouterLink>
      </LinkButton>
    </Stack>
  );
}

export function RememberedList({ children, onForgetAll }: { children: ReactNode; onForgetAll?: () => void }) {
  const { t } = useTranslation();
  const light = useLightPage();
  return (
    <>
      <Stack as="ul" gap="4" listStyleType="none" aria-label={t('My feedback')}>
        {children}
      </Stack>
      <Box>
        <Button variant="outline" colorPalette="red" onClick={onForgetAll} {...(light ? { [LIGHT.forget]: 'all' } : {})}>
          {t('Forget all')}
        </Button>
      </Box>
    </>
  );
}

interface RememberedEntryProps {
  /** "COSC 1337 · Introduction to Programming", or "Course" when the device did not know it. */
  course: string;
  /** When it was sent, formatted. */
  sentAt: string;
  excerpt: string;
  token: string;
  reply?: string;
  problem?: EntryProblem;
  onForget?: () => void;
}

export function RememberedEntry({ course, sentAt, excerpt, token, reply, problem, onForget }: RememberedEntryProps) {
  const { t } = useTranslation();
  const light = useLightPage();
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body gap="2">
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {course}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {sentAt}
          </Text>
        </Flex>
        {excerpt && (
          <Text wordBreak="break-word" {...(light ? { [LIGHT.excerpt]: '' } : {})}>
            “{excerpt}”
          </Text>
        )}
        {reply && (
          <Box borderWidth="1px" borderColor="blue.muted" bg="blue.subtle" rounded="md" p="3">
            <Badge colorPalette="blue" variant="solid" mb="1">
              {t('Your professor replied')}
            </Badge>
            <Text whiteSpace="pre-line" wordBreak="break-word">
              {reply}
            </Text>
          </Box>
        )}
        {problem && (
          <Text color="fg.muted" textStyle="sm">
            {problem === 'removed'
              ? t('This feedback no longer exists: it was removed.')
              : t('Could not check for a reply. Try again later.')}
          </Text>
        )}
        <Flex gap="2" wrap="wrap">
          <LinkButton asChild size="sm" colorPalette="blue" variant="outline">
            <RouterLink to={`/track/${token}`}>{t('Open')}</RouterLink>
          </LinkButton>
          <Button size="sm" variant="ghost" onClick={onForget} {...(light ? { [LIGHT.forget]: 'one' } : {})}>
            {t('Forget')}
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
