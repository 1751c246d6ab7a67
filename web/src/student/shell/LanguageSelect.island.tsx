// The language choice of a footer: an island of its own in a page's static markup.
export { LanguageSelect as default } from './settings';
