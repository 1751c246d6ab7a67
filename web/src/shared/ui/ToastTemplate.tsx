import { type HTMLChakraProps, Stack, chakra, useSlotRecipe } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

// Chakra's toast icons (its CheckCircleIcon, WarningIcon and CloseIcon, which it does not export).
const ICON: HTMLChakraProps<'svg'> = { viewBox: '0 0 24 24', fill: 'currentColor', stroke: 'currentColor', strokeWidth: '0' };
const CHECK_CIRCLE =
  'M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11.0026 16L6.75999 11.7574L8.17421 10.3431L11.0026 13.1716L16.6595 7.51472L18.0737 8.92893L11.0026 16Z';
const WARNING =
  'M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 15H13V17H11V15ZM11 7H13V13H11V7Z';
const CLOSE =
  'M18.7071 6.70711C19.0976 6.31658 19.0976 5.68342 18.7071 5.29289C18.3166 4.90237 17.6834 4.90237 17.2929 5.29289L12 10.5858L6.70711 5.29289C6.31658 4.90237 5.68342 4.90237 5.29289 5.29289C4.90237 5.68342 4.90237 6.31658 5.29289 6.70711L10.5858 12L5.29289 17.2929C4.90237 17.6834 4.90237 18.3166 5.29289 18.7071C5.68342 19.0976 6.31658 19.0976 6.70711 18.7071L12 13.4142L17.2929 18.7071C17.6834 19.0976 18.3166 19.0976 18.7071 18.7071C19.0976 18.3166 19.0976 17.6834 18.7071 17.2929L13.4142 12L18.7071 6.70711Z';

interface ToastTemplateProps {
  type: 'success' | 'error';
  /** Already translated. */
  title: string;
  description: string;
}

/**
 * One toast in the look of the app's toaster (Toaster.tsx), drawn at build time for a light page
 * (web/src/student/toast.ts), which has no toaster: the same slot recipe, parts, icons and
 * attributes as Chakra's toast, and the region the toaster puts it in (bottom-end, F8).
 */
export function ToastTemplate({ type, title, description }: ToastTemplateProps) {
  const { t } = useTranslation();
  const styles = useSlotRecipe({ key: 'toast' })();
  return (
    <chakra.div
      data-scope="toast"
      data-part="group"
      role="region"
      // As Ark names the toaster's region: its name, its place and its key.
      aria-label={`${t('Notifications')}, bottom-end (F8)`}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
      tabIndex={-1}
      data-placement="bottom-end"
      position="fixed"
      display="flex"
      flexDirection="column"
      alignItems="flex-end"
      zIndex="2147483647"
      bottom="max(env(safe-area-inset-bottom, 0px), 1rem)"
      insetInlineEnd="calc(env(safe-area-inset-right, 0px) + 1rem)"
      insetInline={{ mdDown: '4' }}
      maxWidth={{ md: '420px' }}
    >
      <chakra.div
        css={[styles.root, { width: { md: 'sm' } }]}
        data-scope="toast"
        data-part="root"
        data-state="open"
        data-type={type}
        data-placement="bottom-end"
        role="status"
        aria-atomic="true"
        tabIndex={0}
      >
        <chakra.svg css={styles.indicator} {...ICON} aria-hidden="true">
          <path d={type === 'success' ? CHECK_CIRCLE : WARNING} />
        </chakra.svg>
        <Stack gap="1" flex="1" maxWidth="100%">
          <chakra.div css={styles.title} data-scope="toast" data-part="title">
            {title}
          </chakra.div>
          {/* As Toaster.tsx: full opacity, or white on red.600 fails axe's 4.5:1 at this size. */}
          <chakra.div css={[styles.description, { opacity: '1' }]} data-scope="toast" data-part="description">
            {description}
          </chakra.div>
        </Stack>
        <chakra.button
          type="button"
          css={styles.closeTrigger}
          data-scope="toast"
          data-part="close-trigger"
          aria-label={t('Close notification')}
        >
          <chakra.svg {...ICON} aria-hidden="true">
            <path fillRule="evenodd" clipRule="evenodd" d={CLOSE} />
          </chakra.svg>
        </chakra.button>
      </chakra.div>
    </chakra.div>
  );
}
