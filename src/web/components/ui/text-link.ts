/**
 * A link inside a line of text: underlined, since its colour alone is not enough to tell it from
 * the words around it (Found by's links measured 1.73:1 light and 1.63:1 dark against their grey,
 * under the 3:1 WCAG 1.4.1 asks of a mark that is colour only; axe-core's link-in-text-block).
 */
export const TEXT_LINK_CLASS =
  'font-medium text-accent-fg underline underline-offset-2 hover:decoration-2';
