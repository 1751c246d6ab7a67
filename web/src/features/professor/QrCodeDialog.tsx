import { Box, Button, Center, Dialog, Image, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LinkButton } from '../../shared/ui/LinkButton';
import { QR_OPTIONS, qrFileName } from './sessionLink';
import { useTranslation } from 'react-i18next';

interface QrCodeDialogProps {
  open: boolean;
  onClose: () => void;
  courseCode: string;
  /** How the title names the course ("COSC 1337 · Section 002"); the code by default. */
  courseLabel?: string;
  link: string;
}

/** The class link as a 300 px QR code (margin 2), ready for a slide; Download names it after the code. */
export function QrCodeDialog({ open, onClose, courseCode, courseLabel = courseCode, link }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const [dataUrl, setDataUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setDataUrl(null);
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(link, { ...QR_OPTIONS, errorCorrectionLevel: 'M' }))
      .then((url) => current && setDataUrl(url))
      .catch((error: unknown) => console.error('QR code generation failed', error)); // the seed: only logged
    return () => {
      current = false;
    };
  }, [open, link]);

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('QR Code for {{code}}', { code: courseLabel })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3" align="center">
                <Center minH="300px" width="full">
                  {dataUrl ? (
                    <Image src={dataUrl} width="300px" maxW="full" height="auto" alt={t('QR code for {{link}}', { link })} />
                  ) : (
                    <Spinner aria-label={t('Generating QR code')} />
                  )}
                </Center>
                <Text fontSize="sm" color="fg.muted" textAlign="center">
                  {t("Students scan this code to open today's feedback form.")}
                </Text>
                <Box fontSize="xs" color="fg.muted" wordBreak="break-all" textAlign="center">
                  {link}
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('Close')}</Button>
              </Dialog.ActionTrigger>
              {dataUrl ? (
                <LinkButton href={dataUrl} download={qrFileName(courseCode)}>
                  {t('Download')}
                </LinkButton>
              ) : (
                <Button disabled>{t('Download')}</Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
