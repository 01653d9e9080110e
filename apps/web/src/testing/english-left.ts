import { englishLeft } from '@makazi/domain';

/**
 * The English catalogue texts a rendered screen still shows: every element's
 * whole text, and the labels and placeholders people read or hear.
 */
export function englishOn(root: HTMLElement = document.body): { text: string; key: string }[] {
  const texts: string[] = [];
  for (const element of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
    if (element.tagName === 'SCRIPT' || element.tagName === 'STYLE') continue;
    texts.push(element.textContent ?? '');
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(attribute);
      if (value) texts.push(value);
    }
  }
  return englishLeft(texts);
}
