import { DEFAULT_PRICE_PER_CALL } from '@tanqin/shared';
import type { PublicConfig } from '../../../lib/api/config.ts';

/**
 * The pre-rendered page states the published default price, in elements marked `data-price`
 * (its tile aria-busy) until the server answers; this writes the server's price into their text,
 * in place (an island hydrated over it keeps its text nodes), and ends the busy state.
 */
export function showPrice(scope: ParentNode, config: PublicConfig | undefined) {
  const price = config?.price_per_call ?? DEFAULT_PRICE_PER_CALL;
  for (const element of scope.querySelectorAll<HTMLElement>('[data-price]')) {
    const shown = element.dataset.price;
    if (shown && shown !== price) {
      for (const node of element.childNodes) {
        if (node instanceof Text) node.data = node.data.replaceAll(shown, price);
      }
      element.dataset.price = price;
    }
    element.closest('[aria-busy]')?.removeAttribute('aria-busy');
  }
}
