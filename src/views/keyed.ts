/**
 * A list's items, each with a React key from what it says: unique though two items say the same, as they may
 * while the attorney types in the editor ("Brand", "Brand#2").
 */
export function keyed<Item>(items: readonly Item[], textOf: (item: Item) => string): { key: string; item: Item }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const text = textOf(item);
    const count = (seen.get(text) ?? 0) + 1;
    seen.set(text, count);
    return { key: count === 1 ? text : `${text}#${count}`, item };
  });
}
