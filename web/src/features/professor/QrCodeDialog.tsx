import { Box, Button, Center, Dialog, Image, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LinkButton } from '../../shared/ui/LinkButton';
import { QR_OPTIONS, qrFileName } from './sessionLink';

interface QrCodeDialogProps {
  open: boolean;
  onClose: () => void;
  courseCode: string;
  link: string;
}

/** The class link as a 300 px QR code (margin 2), ready for a slide; Download names it after the code. */
export function QrCodeDialog({ open, onClose, courseCode, link }: QrCodeDialogProps) {
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
              <Dialog.Title>QR Code for {courseCode}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3" align="center">
                <Center minH="300px" width="full">
                  {dataUrl ? (
                    <Image src={dataUrl} width="300px" maxW="full" height="auto" alt={`QR code for ${link}`} />
                  ) : (
                    <Spinner aria-label="Generating QR code" />
                  )}
                </Center>
                <Text fontSize="sm" color="fg.muted" textAlign="center">
                  Students scan this code to open today's feedback form.
                </Text>
                <Box fontSize="xs" color="fg.muted" wordBreak="break-all" textAlign="center">
                  {link}
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
              {dataUrl ? (
                <LinkButton href={dataUrl} download={qrFileName(courseCode)}>
                  Download
                </LinkButton>
              ) : (
                <Button disabled>Download</Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
