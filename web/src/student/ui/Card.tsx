import { createStyleContext } from 'styled-system/jsx';
import { card } from 'styled-system/recipes';

const { withProvider, withContext } = createStyleContext(card);

/** Chakra's Card. */
export const Card = {
  Root: withProvider('div', 'root'),
  Header: withContext('div', 'header'),
  Body: withContext('div', 'body'),
  Footer: withContext('div', 'footer'),
  Title: withContext('h3', 'title'),
  Description: withContext('p', 'description'),
};
