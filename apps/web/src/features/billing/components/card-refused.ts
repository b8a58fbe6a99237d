/** A card the processor refused: its message is the provider's own words (SPEC §8), shown as they come. */
export class CardRefused extends Error {
  override name = 'CardRefused';
}
