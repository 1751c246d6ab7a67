import { Island } from '../../runtime/Island';
import { useT } from '../../runtime/useT';
import { PageShell } from '../../shell/PageShell';
import { AppLink } from '../../ui/AppLink';
import { Container, Flex, Link, Stack, Text } from '../../ui/primitives';
import StoryBoard from './StoryBoard.island';

/**
 * The seed's user stories board (/user-stories), public: a small breadcrumb home (the site's header
 * already names the product), then the board, which is one island: its loading state is the HTML.
 */
export default function UserStoriesPage() {
  const { t } = useT();
  return (
    <PageShell>
      <Container maxW="6xl" py={{ base: '6', md: '10' }}>
        <Stack gap="6">
          <Flex as="nav" aria-label={t('User stories')} align="center" gap="2" fontSize="sm" color="fg.muted">
            <Link as={AppLink} href="/" color="fg.muted">
              {t('← Home')}
            </Link>
            <Text aria-hidden="true">/</Text>
            <Text fontWeight="semibold" color="fg">
              {t('ClassPulse')}
            </Text>
          </Flex>
          <Island of={StoryBoard} props={{}} />
        </Stack>
      </Container>
    </PageShell>
  );
}
