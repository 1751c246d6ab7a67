// The student pages' building blocks: Chakra v3's components as Panda CSS makes them (the same
// recipes and tokens: panda.config.ts), each a plain element with class names, no runtime theme.
import { type ComponentProps, forwardRef } from 'react';
import { styled } from 'styled-system/jsx';
import { badge, button, heading, link, spinner } from 'styled-system/recipes';

// `styled`, `css` and `cx` are imported from styled-system itself wherever they are used: Panda finds
// the styles to extract by those imports, not through a re-export.
export { Box, Center, Container, Flex, Grid, GridItem, HStack, Stack, VStack, VisuallyHidden, Wrap } from 'styled-system/jsx';

export const Heading = styled('h2', heading);
export const Text = styled('p');
export const Link = styled('a', link);
export const Badge = styled('span', badge);
export const Spinner = styled('span', spinner);

const ButtonBase = styled('button', button);

export type ButtonProps = ComponentProps<typeof ButtonBase> & {
  /** Busy: disabled, with a spinner and `loadingText` (else the label, unseen, keeps the width). */
  loading?: boolean;
  loadingText?: string;
};

/** Chakra's Button, with its `loading` state. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { loading = false, loadingText, disabled, children, type = 'button', ...props },
  ref,
) {
  return (
    <ButtonBase ref={ref} type={type} disabled={loading || disabled} data-loading={loading ? '' : undefined} {...props}>
      {loading && loadingText ? (
        <>
          <Spinner size="inherit" borderWidth="1.5px" aria-hidden="true" />
          {loadingText}
        </>
      ) : loading ? (
        <>
          <Spinner size="inherit" borderWidth="1.5px" position="absolute" aria-hidden="true" />
          <styled.span opacity="0">{children}</styled.span>
        </>
      ) : (
        children
      )}
    </ButtonBase>
  );
});

/** A link that looks like a button (Chakra's `<Button asChild><a/></Button>`). */
export const LinkButton = styled('a', button);
