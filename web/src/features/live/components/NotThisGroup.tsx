import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SharedText } from '../../../shared/api/get-shared-confusion';
import { refusalMessage } from '../../../shared/errorMessage';
import { toaster } from '../../../shared/ui/toaster';
import { useTakeOutOfConfusionGroup } from '../api/take-out-of-confusion-group';

/** "Not this group": the text leaves its group for one of its own, and stays out. */
export function NotThisGroup({ courseId, text }: { courseId: string; text: SharedText }) {
  const { t } = useTranslation();
  const takeOut = useTakeOutOfConfusionGroup();
  const click = async () => {
    try {
      await takeOut.mutateAsync({ courseId, submissionId: text.id });
      toaster.create({ type: 'success', title: t('Success'), description: t('Text taken out of the group') });
    } catch (error) {
      toaster.create({ type: 'error', title: t('Error'), description: refusalMessage(error, t('Failed to take the text out')) });
    }
  };
  return (
    <Button
      size="2xs"
      variant="ghost"
      colorPalette="gray"
      onClick={click}
      loading={takeOut.isPending}
      aria-label={`${t('Not this group')}: ${text.text.slice(0, 60)}`}
    >
      {t('Not this group')}
    </Button>
  );
}
