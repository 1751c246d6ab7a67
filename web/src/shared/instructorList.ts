/** "Dr. Pat Lee and Dr. Sam Roe": instructors' names as the language lists them (course search's cards). */
export function instructorList(names: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}
