import type { ReactNode } from 'react';
import { msg } from '../../../i18n/msg';
import { useT } from '../../runtime/useT';
import { BadgeList } from '../../ui/BadgeList';
import { Card } from '../../ui/Card';
import { FooterLinks } from '../../ui/FooterLinks';
import { Box, Container, HStack, Heading, Stack, Text } from '../../ui/primitives';

const PROMISES = [msg('100% Anonymous'), msg('No Personal Data'), msg('Safe Space')];

/**
 * The seed's Variant A page around its content: the title and its promises, then the privacy
 * guarantee and the site's links under it (/submit, and /track for one submission).
 */
export function QuickFeedbackLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <>
      <Box as="section" bg="bg.subtle" py={{ base: '8', md: '12' }} borderBottomWidth="1px">
        <Container maxW="3xl" textAlign="center">
          <Stack gap="4" align="center">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
              {title}
            </Heading>
            <Text color="fg.muted">{t('Tell your professor which part of class was unclear. Nobody will know it was you.')}</Text>
            <BadgeList label={t('Your privacy')} items={PROMISES.map((promise) => t(promise))} colorPalette="green" gap="2" />
          </Stack>
        </Container>
      </Box>

      <Container maxW="3xl" py={{ base: '6', md: '10' }}>
        <Stack gap="6">
          {children}

          <Card.Root variant="subtle">
            <Card.Body gap="2">
              <Heading as="h2" size="md">
                {t('Privacy Guarantee')}
              </Heading>
              <Text color="fg.muted">
                {t(
                  'We never ask you to log in and never collect your name, student ID or any other personal information. Your feedback reaches your professor without anything that identifies you.',
                )}
              </Text>
            </Card.Body>
          </Card.Root>

          <HStack as="nav" aria-label={t('About ClassPulse')} justify="center" flexWrap="wrap" gap="4" fontSize="sm">
            <FooterLinks />
          </HStack>
        </Stack>
      </Container>
    </>
  );
}
