/**
 * The title of one of several items with its number: "Dog 2". A title that says where the number
 * goes, as in "Property Address #{number}", gets it there ("Property Address #2").
 */
export function numberedTitle(title: string, number: number): string {
  return title.includes("{number}") ? title.replaceAll("{number}", String(number)) : `${title} ${number}`;
}
