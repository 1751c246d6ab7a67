import { type HTMLChakraProps, type RecipeProps, createRecipeContext } from '@chakra-ui/react';

export type LinkButtonProps = HTMLChakraProps<'a', RecipeProps<'button'>>;

const { withContext } = createRecipeContext({ key: 'button' });

/**
 * An anchor styled as a button (Chakra's `Button asChild` would put `type="button"` on the link).
 * With react-router: `<LinkButton asChild><RouterLink to="/auth">{t('Sign In')}</RouterLink></LinkButton>`.
 */
export const LinkButton = withContext<HTMLAnchorElement, LinkButtonProps>('a');
